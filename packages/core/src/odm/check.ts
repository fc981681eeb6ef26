import type { XmlElement } from './scan.js';
import { allElements, childrenNamed, parseXml, XmlSyntaxError } from './scan.js';

/** A reference of an ODM file that names nothing defined, or a definition made twice. */
export interface OdmReferenceProblem {
  /** The element holding the reference, such as `ItemRef`. */
  element: string;
  attribute: string;
  value: string;
  kind: 'unresolved' | 'duplicate' | 'empty' | 'syntax';
}

type Kind = 'StudyEventDef' | 'FormDef' | 'ItemGroupDef' | 'ItemDef' | 'CodeList' | 'MethodDef' | 'ConditionDef';

/** Where each metadata reference points, by element and attribute. */
const METADATA_REFS: [string, string, Kind][] = [
  ['StudyEventRef', 'StudyEventOID', 'StudyEventDef'],
  ['FormRef', 'FormOID', 'FormDef'],
  ['ItemGroupRef', 'ItemGroupOID', 'ItemGroupDef'],
  ['ItemRef', 'ItemOID', 'ItemDef'],
  ['ItemRef', 'MethodOID', 'MethodDef'],
  ['ItemRef', 'CollectionExceptionConditionOID', 'ConditionDef'],
  ['CodeListRef', 'CodeListOID', 'CodeList'],
];

interface VersionDefs {
  defs: Map<Kind, Set<string>>;
  element: XmlElement;
}

/**
 * Every reference of an ODM 1.3.2 file that the schema cannot check (docs/decisions.md, "CDISC ODM"):
 * metadata references inside each MetaDataVersion; measurement units against the study's BasicDefinitions;
 * users, locations and signature definitions against AdminData; clinical data's study, version, event,
 * form, group and item OIDs against the version it names, flag code lists likewise; and empty or repeated
 * subject keys and repeated definitions. An empty list means every reference resolves.
 */
export function checkOdmReferences(xml: string): OdmReferenceProblem[] {
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch (error) {
    if (error instanceof XmlSyntaxError) return [{ element: 'ODM', attribute: '', value: error.message, kind: 'syntax' }];
    throw error;
  }
  const problems: OdmReferenceProblem[] = [];
  const unresolved = (element: string, attribute: string, value: string) => problems.push({ element, attribute, value, kind: 'unresolved' });
  const studies = new Map<string, { units: Set<string>; versions: Map<string, VersionDefs> }>();
  const users = new Set<string>();
  const locations = new Set<string>();
  const signatureDefs = new Set<string>();

  for (const study of childrenNamed(root, 'Study')) {
    const units = new Set<string>();
    for (const element of allElements(study)) if (element.local === 'MeasurementUnit') units.add(element.attrs.OID ?? '');
    const versions = new Map<string, VersionDefs>();
    for (const version of childrenNamed(study, 'MetaDataVersion')) {
      const defs = new Map<Kind, Set<string>>();
      for (const child of version.children) {
        const kind = child.local as Kind;
        if (!['StudyEventDef', 'FormDef', 'ItemGroupDef', 'ItemDef', 'CodeList', 'MethodDef', 'ConditionDef'].includes(kind)) continue;
        const oid = child.attrs.OID ?? '';
        const set = defs.get(kind) ?? new Set<string>();
        if (set.has(oid)) problems.push({ element: kind, attribute: 'OID', value: oid, kind: 'duplicate' });
        set.add(oid);
        defs.set(kind, set);
      }
      versions.set(version.attrs.OID ?? '', { defs, element: version });
    }
    studies.set(study.attrs.OID ?? '', { units, versions });
  }
  for (const admin of childrenNamed(root, 'AdminData')) {
    for (const child of admin.children) {
      const oid = child.attrs.OID ?? '';
      const set = child.local === 'User' ? users : child.local === 'Location' ? locations : child.local === 'SignatureDef' ? signatureDefs : null;
      if (!set) continue;
      if (set.has(oid)) problems.push({ element: child.local, attribute: 'OID', value: oid, kind: 'duplicate' });
      set.add(oid);
    }
    if (admin.attrs.StudyOID !== undefined && !studies.has(admin.attrs.StudyOID)) unresolved('AdminData', 'StudyOID', admin.attrs.StudyOID);
  }

  const checkCommon = (scope: XmlElement, units: Set<string> | null, version: VersionDefs | null) => {
    for (const element of allElements(scope)) {
      const attrs = element.attrs;
      switch (element.local) {
        case 'MeasurementUnitRef':
          if (!units?.has(attrs.MeasurementUnitOID ?? '')) unresolved('MeasurementUnitRef', 'MeasurementUnitOID', attrs.MeasurementUnitOID ?? '');
          break;
        case 'UserRef':
          if (!users.has(attrs.UserOID ?? '')) unresolved('UserRef', 'UserOID', attrs.UserOID ?? '');
          break;
        case 'LocationRef':
          if (!locations.has(attrs.LocationOID ?? '')) unresolved('LocationRef', 'LocationOID', attrs.LocationOID ?? '');
          break;
        case 'SiteRef':
          if (!locations.has(attrs.LocationOID ?? '')) unresolved('SiteRef', 'LocationOID', attrs.LocationOID ?? '');
          break;
        case 'SignatureRef':
          if (!signatureDefs.has(attrs.SignatureOID ?? '')) unresolved('SignatureRef', 'SignatureOID', attrs.SignatureOID ?? '');
          break;
        case 'FlagValue':
        case 'FlagType':
          if (!version?.defs.get('CodeList')?.has(attrs.CodeListOID ?? '')) unresolved(element.local, 'CodeListOID', attrs.CodeListOID ?? '');
          break;
        case 'MetaDataVersionRef': {
          const study = studies.get(attrs.StudyOID ?? '');
          if (!study) unresolved('MetaDataVersionRef', 'StudyOID', attrs.StudyOID ?? '');
          else if (!study.versions.has(attrs.MetaDataVersionOID ?? '')) unresolved('MetaDataVersionRef', 'MetaDataVersionOID', attrs.MetaDataVersionOID ?? '');
          break;
        }
        default:
          for (const [name, attribute, kind] of METADATA_REFS) {
            if (element.local !== name || attrs[attribute] === undefined) continue;
            if (!version?.defs.get(kind)?.has(attrs[attribute])) unresolved(name, attribute, attrs[attribute]);
          }
      }
    }
  };

  for (const study of childrenNamed(root, 'Study')) {
    const known = studies.get(study.attrs.OID ?? '');
    for (const element of study.children) {
      if (element.local === 'MetaDataVersion') checkCommon(element, known?.units ?? null, known?.versions.get(element.attrs.OID ?? '') ?? null);
      else checkCommon(element, known?.units ?? null, null);
    }
  }
  for (const admin of childrenNamed(root, 'AdminData')) checkCommon(admin, null, null);

  for (const clinical of childrenNamed(root, 'ClinicalData')) {
    const study = studies.get(clinical.attrs.StudyOID ?? '');
    if (!study) unresolved('ClinicalData', 'StudyOID', clinical.attrs.StudyOID ?? '');
    const version = study?.versions.get(clinical.attrs.MetaDataVersionOID ?? '') ?? null;
    if (study && !version) unresolved('ClinicalData', 'MetaDataVersionOID', clinical.attrs.MetaDataVersionOID ?? '');
    const has = (kind: Kind, oid: string | undefined) => version?.defs.get(kind)?.has(oid ?? '') === true;
    const keys = new Set<string>();
    const snapshot = root.attrs.FileType === 'Snapshot';
    for (const subject of childrenNamed(clinical, 'SubjectData')) {
      const key = subject.attrs.SubjectKey ?? '';
      if (key.trim() === '') problems.push({ element: 'SubjectData', attribute: 'SubjectKey', value: key, kind: 'empty' });
      else if (snapshot && keys.has(key)) problems.push({ element: 'SubjectData', attribute: 'SubjectKey', value: key, kind: 'duplicate' });
      keys.add(key);
      for (const event of childrenNamed(subject, 'StudyEventData')) {
        if (!has('StudyEventDef', event.attrs.StudyEventOID)) unresolved('StudyEventData', 'StudyEventOID', event.attrs.StudyEventOID ?? '');
        for (const form of childrenNamed(event, 'FormData')) {
          if (!has('FormDef', form.attrs.FormOID)) unresolved('FormData', 'FormOID', form.attrs.FormOID ?? '');
          for (const group of childrenNamed(form, 'ItemGroupData')) {
            if (!has('ItemGroupDef', group.attrs.ItemGroupOID)) unresolved('ItemGroupData', 'ItemGroupOID', group.attrs.ItemGroupOID ?? '');
            for (const item of group.children) {
              if (item.local.startsWith('ItemData') && !has('ItemDef', item.attrs.ItemOID)) unresolved(item.local, 'ItemOID', item.attrs.ItemOID ?? '');
            }
          }
        }
      }
    }
    checkCommon(clinical, study?.units ?? null, version);
  }
  return problems;
}
