import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Analytics (docs/decisions.md "Analytics").
 *
 * `project_sites.enrolment_target`: how many subjects a site is to enrol, the target line of the enrolment
 * chart and the big screen's "enrolled vs target"; null when none was set. Per site and not per environment:
 * the target is the study's plan, whatever copy of the data is looked at.
 *
 * Indexes for the aggregates of the charts, which read one environment at a time: subjects by enrolment
 * time, panel instances by instrument (distributions) and event instances by subject.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE project_sites ADD COLUMN enrolment_target integer
      CONSTRAINT project_sites_enrolment_target_check CHECK (enrolment_target BETWEEN 0 AND 100000)`.execute(db);
  await sql`CREATE INDEX subjects_enrolled_idx ON subjects (env_id, enrolled_at) WHERE enrolled_at IS NOT NULL`.execute(db);
  await sql`CREATE INDEX panel_instances_instrument_idx ON panel_instances (env_id, instrument_id)`.execute(db);
  await sql`CREATE INDEX event_instances_subject_idx ON event_instances (subject_id)`.execute(db);
}
