import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Analytics (docs/decisions.md "Analytics").
 *
 * `project_sites.enrolment_target`: how many subjects a site is to enrol, the target line of the enrolment
 * chart and the big screen's "enrolled vs target"; null when none was set. Per site and not per environment:
 * the target is the study's plan, whatever copy of the data is looked at.
 *
 * `panel_instances.values_entered` and `values_verified`: the panel's values entered and verified (or
 * beyond), kept by every write that derives the panel's status (core analytics `panelValueCounts`), so SDV
 * progress and the query rate sum a row per panel instead of reading every value; filled here from the
 * values already stored.
 *
 * Indexes for the aggregates of the charts, which read one environment at a time: subjects by enrolment
 * time, panel instances by instrument (distributions), event instances by subject, and field values by path
 * (a distribution reads one field of every panel: 20,000 rows of 2 million in a large study, found through
 * this index rather than by reading the table; it costs a third of the table's primary key in size and
 * one more index entry per value written).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE project_sites ADD COLUMN enrolment_target integer
      CONSTRAINT project_sites_enrolment_target_check CHECK (enrolment_target BETWEEN 0 AND 100000)`.execute(db);
  await sql`
    ALTER TABLE panel_instances
      ADD COLUMN values_entered integer NOT NULL DEFAULT 0 CONSTRAINT panel_instances_values_entered_check CHECK (values_entered >= 0),
      ADD COLUMN values_verified integer NOT NULL DEFAULT 0 CONSTRAINT panel_instances_values_verified_check CHECK (values_verified BETWEEN 0 AND values_entered)`.execute(db);
  await sql`
    UPDATE panel_instances p SET values_entered = c.entered, values_verified = c.verified
    FROM (
      SELECT panel_instance_id, count(*) FILTER (WHERE status <> '') AS entered,
        count(*) FILTER (WHERE status IN ('VERIFIED', 'REVIEWED', 'SIGNED', 'LOCKED')) AS verified
      FROM field_values GROUP BY panel_instance_id
    ) c
    WHERE c.panel_instance_id = p.id`.execute(db);
  await sql`CREATE INDEX subjects_enrolled_idx ON subjects (env_id, enrolled_at) WHERE enrolled_at IS NOT NULL`.execute(db);
  await sql`CREATE INDEX panel_instances_instrument_idx ON panel_instances (env_id, instrument_id)`.execute(db);
  await sql`CREATE INDEX event_instances_subject_idx ON event_instances (subject_id)`.execute(db);
  await sql`CREATE INDEX field_values_path_idx ON field_values (path, panel_instance_id)`.execute(db);
}
