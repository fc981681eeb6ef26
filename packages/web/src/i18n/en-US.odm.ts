import type { Shape } from './catalogue';
import type { zhCNOdm } from './zh-CN.odm';

/** English texts of CDISC ODM 1.3.2 in the web app: the design import and the design download (part of en-US.ts). */
export const enUSOdm: Shape<typeof zhCNOdm> = {
  odm: {
    import: {
      action: 'Import ODM 1.3.2',
      title: 'Import a CDISC ODM 1.3.2 study design',
      intro:
        'Upload an ODM 1.3.2 XML file: its forms (FormDef) and visits (StudyEventDef) are added to the development draft. Check the preview and the per-element report first; confirming writes everything at once, and nothing is written if any part fails.',
      drop: 'Click or drag an ODM XML file here',
      hint: 'A CDISC ODM 1.3.2 XML file (UTF-8), at most 10 MB',
      previewing: 'Reading and checking the ODM file…',
      applying: 'Writing to the development draft…',
      study: 'Study OID: {{study}}, version OID: {{version}}',
      blocked_one: '{{count}} item prevents the import; correct the file and choose it again',
      blocked: '{{count}} items prevent the import; correct the file and choose it again',
      panelsTitle: 'Panels to create ({{count}})',
      visitsTitle: 'Visits to create ({{count}})',
      reportTitle: 'Per-element report ({{count}})',
      reportEmpty: 'Every element was converted; nothing needs to be redone by hand.',
      confirm: 'Import',
      chooseAgain: 'Choose another file',
      done: 'Created: {{panels}} panel(s), {{visits}} visit(s); continue the design in the panel list and the visit settings',
      failed: 'Import failed',
      level: { blocking: 'Blocks the import', warning: 'Redo by hand' },
      columns: {
        abbr: 'Abbreviation',
        name: 'Panel name',
        fields: 'Fields',
        visit: 'Visit',
        type: 'Type',
        forms: 'Panels',
        element: 'ODM element',
        oid: 'OID',
        level: 'Level',
        reason: 'Explanation',
      },
    },
    design: {
      download: 'Design as ODM 1.3.2 (XML)',
    },
  },
};
