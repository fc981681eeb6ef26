import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { PLATFORM_DICTS } from './cdash-dicts.js';
import { CDASH_DOMAINS, CDASH_VARIABLES } from './cdash-domains.js';
import { SEED_DERIVED } from './derived.js';
import { SEED_TEMPLATES } from './templates.js';

/**
 * Fills the libraries on a new database: CDASH domains and variables, platform dictionaries, panel
 * templates and derived fields. Run once by migration 0005; administrators edit the rows afterwards.
 */
export async function seedLibrary(db: Kysely<unknown>): Promise<void> {
  for (const [index, domain] of CDASH_DOMAINS.entries()) {
    await sql`INSERT INTO std_domains (code, description, description_en, sort)
      VALUES (${domain.domain}, ${domain.description}, ${domain.descriptionEn}, ${(index + 1) * 10})`.execute(db);
  }
  for (const [index, variable] of CDASH_VARIABLES.entries()) {
    await sql`INSERT INTO std_fields (domain, field_name, field_label, field_label_en, field_annotation, instruction, instruction_en, widget, sort)
      VALUES (${variable.domain}, ${variable.fieldName}, ${variable.widget.name}, ${variable.widget.nameEn ?? variable.widget.name},
        ${variable.fieldAnnotation}, ${variable.instruction}, ${variable.instructionEn}, ${JSON.stringify(variable.widget)}::jsonb, ${(index + 1) * 10})`.execute(db);
  }
  for (const entry of PLATFORM_DICTS) {
    await sql`INSERT INTO dicts (project_id, dict_key, value, value_en, items)
      VALUES (NULL, ${entry.key}, ${entry.value}, ${entry.valueEn}, ${JSON.stringify(entry.items)}::jsonb)`.execute(db);
  }
  for (const [index, template] of SEED_TEMPLATES.entries()) {
    await sql`INSERT INTO std_templates (name, name_en, name_abbr, description, description_en, panel, sort)
      VALUES (${template.name}, ${template.nameEn}, ${template.nameAbbr}, ${template.description}, ${template.descriptionEn},
        ${JSON.stringify(template.panel)}::jsonb, ${(index + 1) * 10})`.execute(db);
  }
  for (const [index, field] of SEED_DERIVED.entries()) {
    await sql`INSERT INTO derived_fields (group_code, field_name, field_label, field_label_en, expression, description, description_en, widget, sort)
      VALUES (${field.group}, ${field.fieldName}, ${field.fieldLabel}, ${field.fieldLabelEn}, ${field.expression}, ${field.description},
        ${field.descriptionEn}, ${JSON.stringify(field.widget)}::jsonb, ${(index + 1) * 10})`.execute(db);
  }
}
