/**
 * OIDs of the ODM files (docs/decisions.md, "CDISC ODM"). Each is built from names that are stable in a
 * project (the project code, an event's id, an instrument's abbreviation, a field's model, a table column's
 * key), so two exports of the same design carry the same OIDs. Every part goes through `oidPart`, which is
 * one-to-one and never yields a dot, so OIDs of different things never collide.
 */

/** Letters, digits and underscores stay; any other character becomes `-` its code point in hex `-`. */
export function oidPart(value: string | number): string {
  const text = String(value);
  if (text === '') return '-';
  let out = '';
  for (const char of text) out += /[A-Za-z0-9_]/.test(char) ? char : `-${(char.codePointAt(0) ?? 0).toString(16)}-`;
  return out;
}

export const odmOid = {
  study: (projectCode: string) => `ST.${oidPart(projectCode)}`,
  metaDataVersion: (version: number) => `MDV.${oidPart(version)}`,
  event: (eventId: number) => `SE.${oidPart(eventId)}`,
  form: (abbr: string) => `F.${oidPart(abbr)}`,
  /** The group of a panel's plain fields. */
  fieldGroup: (abbr: string) => `IG.${oidPart(abbr)}`,
  /** The repeating group of one table of a panel. */
  tableGroup: (abbr: string, table: string) => `IG.${oidPart(abbr)}.${oidPart(table)}`,
  item: (abbr: string, model: string) => `IT.${oidPart(abbr)}.${oidPart(model)}`,
  cell: (abbr: string, table: string, column: string) => `IT.${oidPart(abbr)}.${oidPart(table)}.${oidPart(column)}`,
  /** A field's code list shares the field's OID after its prefix. */
  codeList: (itemOid: string) => `CL.${itemOid.slice(itemOid.indexOf('.') + 1)}`,
  unit: (symbol: string) => `MU.${oidPart(symbol)}`,
  site: (siteCode: string) => `LOC.${oidPart(siteCode)}`,
  user: (userId: number) => `USR.${oidPart(userId)}`,
  /** A user the audit trail names without an account (a removed user, a system step). */
  userNamed: (username: string) => `USR.N.${oidPart(username)}`,
  signatureDef: (meaning: string) => `SD.${oidPart(meaning)}`,
  /** The code list of query statuses that annotations flag. */
  queryStatusList: 'CL.DCAP.QUERYSTATUS',
  /** The code list of the flag type of those annotations. */
  queryFlagTypeList: 'CL.DCAP.FLAGTYPE',
} as const;
