import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createWidget } from '../panels/factory.js';
import type { Widget } from '../panels/schema.js';
import { checkOdmReferences } from './check.js';
import { odmDataType, odmValue } from './datatype.js';
import { odmDesignModel } from './design.js';
import { planOdmImport } from './import.js';
import { metaDataVersionXml, studyOpenXml } from './metadata.js';
import { odmOid, oidPart } from './oid.js';
import { parseXml, XmlSyntaxError } from './scan.js';
import { xmlAttr, xmlText } from './xml.js';

const widget = (type: Parameters<typeof createWidget>[0], model: string, options: Partial<Widget['options']> = {}): Widget => {
  const base = createWidget(type, new Set());
  return { ...base, key: model, model, name: `字段${model}`, nameEn: `Field ${model}`, options: { ...base.options, ...options } };
};

describe('OID naming', () => {
  it('keeps identifiers and encodes every other character one to one, never with a dot', () => {
    expect(oidPart('AE_1')).toBe('AE_1');
    expect(oidPart('10^9/L')).toBe('10-5e-9-2f-L');
    expect(oidPart('a.b')).not.toContain('.');
    expect(oidPart('a-b')).not.toBe(oidPart('a_b'));
    expect(oidPart('')).toBe('-');
    expect(odmOid.item('DM', 'SEX')).toBe('IT.DM.SEX');
    expect(odmOid.cell('CM', 'CMTAB', 'CMTRT')).toBe('IT.CM.CMTAB.CMTRT');
    expect(odmOid.codeList(odmOid.item('DM', 'SEX'))).toBe('CL.DM.SEX');
    expect(odmOid.tableGroup('CM', 'CMTAB')).not.toBe(odmOid.fieldGroup('CM'));
    expect(odmOid.unit('毫克')).toMatch(/^MU\.[-0-9A-Za-z_]+$/);
  });
});

describe('data types and values', () => {
  it('maps widget types to ODM data types', () => {
    expect(odmDataType(widget('input', 'A'))).toBe('text');
    expect(odmDataType(widget('input', 'A', { dataType: 'integer' }))).toBe('integer');
    expect(odmDataType(widget('number', 'A'))).toBe('integer');
    expect(odmDataType(widget('number', 'A', { precision: 2 }))).toBe('float');
    expect(odmDataType(widget('date', 'A'))).toBe('date');
    expect(odmDataType(widget('date', 'A', { format: 'YYYY-MM-DD HH:mm' }))).toBe('datetime');
    expect(odmDataType(widget('date', 'A', { format: 'YYYY-MM' }))).toBe('partialDate');
    expect(odmDataType(widget('time', 'A'))).toBe('time');
    expect(odmDataType(widget('time', 'A', { format: 'HH:mm' }))).toBe('partialTime');
    expect(odmDataType(widget('switch', 'A'))).toBe('boolean');
    expect(odmDataType(widget('radio', 'A'))).toBe('text');
  });
  it('writes values in ODM forms and nothing for no value', () => {
    expect(odmValue('text', null)).toBeNull();
    expect(odmValue('text', '')).toBeNull();
    expect(odmValue('text', ['1', '3'])).toBe('1,3');
    expect(odmValue('float', 1.5)).toBe('1.5');
    expect(odmValue('time', '8:05')).toBe('08:05:00');
    expect(odmValue('datetime', '2024-01-02 08:05')).toBe('2024-01-02T08:05:00');
    expect(odmValue('boolean', true)).toBe('true');
    expect(odmValue('date', '2024-01-02')).toBe('2024-01-02');
  });
});

describe('XML text', () => {
  it('escapes markup and drops characters XML cannot carry', () => {
    expect(xmlText('a<b>&c')).toBe('a&lt;b&gt;&amp;c');
    expect(xmlAttr('"x"\n')).toBe('&quot;x&quot;&#10;');
    expect(xmlText('a\u0001b')).toBe('ab');
  });
  it('reads back what it wrote, and refuses what is not well formed or declares a document type', () => {
    const root = parseXml(`<?xml version="1.0"?><A x="${xmlAttr('1 < 2 & "3"\n')}"><!-- c --><B>${xmlText('中文 <&>')}</B><![CDATA[<raw>]]></A>`);
    expect(root.attrs.x).toBe('1 < 2 & "3"\n');
    expect(root.children[0]?.text).toBe('中文 <&>');
    expect(root.text).toBe('<raw>');
    expect(() => parseXml('<A><B></A>')).toThrow(XmlSyntaxError);
    expect(() => parseXml('<!DOCTYPE A [<!ENTITY e "x">]><A>&e;</A>')).toThrow(/document type/);
    expect(() => parseXml('<A>&unknown;</A>')).toThrow(XmlSyntaxError);
    expect(() => parseXml('<A>&#x110000;</A>')).toThrow(XmlSyntaxError);
    expect(() => parseXml('<A>&#0;</A>')).toThrow(XmlSyntaxError);
  });
  it('answers any text with a tree or a syntax error, never another failure', () => {
    const pieces = fc.constantFrom('<', '>', '/', '=', '"', "'", '&', ';', '#', 'x', 'A', ' ', '<!--', '-->', '<![CDATA[', ']]>', '<?', '?>', '&#x1F600;', '&amp;', '中');
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string()), { maxLength: 40 }), (parts) => {
        try {
          parseXml(parts.join(''));
        } catch (error) {
          expect(error).toBeInstanceOf(XmlSyntaxError);
        }
      }),
      { numRuns: 2000 },
    );
    expect(checkOdmReferences('<<<').map((problem) => problem.kind)).toEqual(['syntax']);
  });
});

const design = () => {
  const table = createWidget('table', new Set());
  const cell = widget('input', 'CMTAB_CMTRT');
  const tableWidget: Widget = {
    ...table,
    key: 'CMTAB',
    model: 'CMTAB',
    name: '合并用药',
    nameEn: 'Medication',
    options: { ...table.options, repeatable: true, columns: [{ title: '药物', titleEn: 'Drug', key: 'CMTRT', width: '100%', widget: { ...cell, table: 'CMTAB' } }], data: [] },
  };
  return {
    instruments: [
      {
        id: 1,
        name: '生命体征',
        nameEn: 'Vital signs',
        nameAbbr: 'VS',
        description: null,
        panel: {
          list: [
            widget('number', 'WEIGHT', { annotation: 'kg', min: 1, max: 300, precision: 1 }),
            widget('radio', 'SEX', { options: [{ key: 'M', value: '1', label: '男', labelEn: 'Male' }] }),
            tableWidget,
          ],
          config: { labelWidth: 8, labelPosition: 'right' as const },
        },
      },
    ],
    events: [{ id: 7, name: '基线', nameEn: 'Baseline', type: 'BASELINE' as const, sort: 1, repeatable: false }],
    matrix: [{ eventId: 7, instrumentId: 1 }],
  };
};

function file(body: string): string {
  const model = odmDesignModel(design());
  return `<ODM xmlns="http://www.cdisc.org/ns/odm/v1.3" FileType="Snapshot" FileOID="F1" CreationDateTime="2024-01-01T00:00:00Z" ODMVersion="1.3.2">${studyOpenXml(
    { oid: 'ST.X', name: 'X', description: 'X', protocol: 'X' },
    model.units,
  )}${metaDataVersionXml({ oid: 'MDV.1', name: 'v1', description: null, model })}</Study>${body}</ODM>`;
}

describe('OID reference checker', () => {
  it('finds nothing wrong in metadata the platform writes', () => {
    expect(checkOdmReferences(file(''))).toEqual([]);
  });
  it('reports clinical data naming undefined events, forms, groups, items, sites and users', () => {
    const clinical = `<AdminData><User OID="U1"/><Location OID="L1" Name="L" LocationType="Site"><MetaDataVersionRef StudyOID="ST.X" MetaDataVersionOID="MDV.1" EffectiveDate="2024-01-01"/></Location></AdminData>
<ClinicalData StudyOID="ST.X" MetaDataVersionOID="MDV.1"><SubjectData SubjectKey="S1"><SiteRef LocationOID="L9"/><StudyEventData StudyEventOID="SE.8"><FormData FormOID="F.XX"><ItemGroupData ItemGroupOID="IG.XX"><ItemData ItemOID="IT.VS.NOPE" Value="1"><AuditRecord><UserRef UserOID="U2"/><LocationRef LocationOID="L1"/><DateTimeStamp>2024-01-01T00:00:00Z</DateTimeStamp></AuditRecord></ItemData></ItemGroupData></FormData></StudyEventData></SubjectData><SubjectData SubjectKey=" "/></ClinicalData>`;
    const problems = checkOdmReferences(file(clinical));
    const values = problems.map((problem) => `${problem.element}@${problem.attribute}=${problem.value}:${problem.kind}`);
    expect(values).toEqual(
      expect.arrayContaining([
        'SiteRef@LocationOID=L9:unresolved',
        'StudyEventData@StudyEventOID=SE.8:unresolved',
        'FormData@FormOID=F.XX:unresolved',
        'ItemGroupData@ItemGroupOID=IG.XX:unresolved',
        'ItemData@ItemOID=IT.VS.NOPE:unresolved',
        'UserRef@UserOID=U2:unresolved',
        'SubjectData@SubjectKey= :empty',
      ]),
    );
    expect(values).toHaveLength(7);
  });
  it('reports metadata references to undefined definitions and definitions made twice', () => {
    const broken = file('').replace('CodeListOID="CL.VS.SEX"', 'CodeListOID="CL.VS.GONE"').replace('<ItemDef OID="IT.VS.SEX"', '<ItemDef OID="IT.VS.WEIGHT"');
    const problems = checkOdmReferences(broken).map((problem) => `${problem.element}:${problem.value}:${problem.kind}`);
    expect(problems).toEqual(expect.arrayContaining(['CodeListRef:CL.VS.GONE:unresolved', 'ItemDef:IT.VS.WEIGHT:duplicate', 'ItemRef:IT.VS.SEX:unresolved']));
  });
  it('reports a file that is not XML as one syntax problem', () => {
    expect(checkOdmReferences('<ODM>')[0]?.kind).toBe('syntax');
  });
});

describe('import plan', () => {
  it('reads the platform’s own metadata back into the same fields, table and visit', () => {
    const plan = planOdmImport(parseXml(file('')));
    expect(plan.notes).toEqual([]);
    const [instrument] = plan.instruments;
    expect(instrument?.nameAbbr).toBe('VS');
    expect(instrument?.nameEn).toBe('Vital signs');
    const [weight, sex, table] = instrument?.panel.list ?? [];
    expect(weight).toMatchObject({ type: 'number', model: 'WEIGHT', name: '字段WEIGHT', nameEn: 'Field WEIGHT', options: { annotation: 'kg', min: 1, max: 300, precision: 1 } });
    expect(sex?.options.options).toEqual([{ key: 'M', value: '1', label: '男', labelEn: 'Male' }]);
    expect(table).toMatchObject({ type: 'table', model: 'CMTAB', name: '合并用药', nameEn: 'Medication', options: { repeatable: true } });
    expect(plan.events).toEqual([{ oid: 'SE.7', name: '基线', nameEn: 'Baseline', type: 'BASELINE', repeatable: false, forms: ['VS'] }]);
  });
  it('notes what it cannot take over and blocks on names the project already uses', () => {
    const foreign = file('').replace('<Alias Context="DCAP:widget" Name="radio"/>', '<Alias Context="DCAP:widget" Name="hologram"/>').replace('DataType="integer"', 'DataType="hexBinary"');
    const plan = planOdmImport(parseXml(foreign), new Set(['vs']), new Set(['基线']));
    const codes = plan.notes.map((note) => `${note.code}:${String(note.blocking)}`);
    expect(codes).toEqual(expect.arrayContaining(['widget_unknown:false', 'abbr_taken:true', 'event_taken:true']));
    expect(plan.instruments[0]?.nameAbbr).not.toBe('VS');
  });
});
