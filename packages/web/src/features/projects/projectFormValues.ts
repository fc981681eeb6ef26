import { APPLICATIONS, offeredConfigFlags, PROJECT_CONFIG_FLAGS } from '@dcap/core';
import type { ApplicationName, CreateProjectRequest, Project, ProjectConfigFlag } from '@dcap/core';
import type { BLIND_METHODS, GROUP_SCHEMES } from '@dcap/core';
import { blankToNull } from '../../lib/formRules';

export interface ProjectFormValues {
  code: string;
  name: string;
  eName?: string | null;
  piUserNames?: string | null;
  piUserNamesEn?: string | null;
  sponsorNames?: string | null;
  croNames?: string | null;
  description?: string | null;
  blindMethod: (typeof BLIND_METHODS)[number];
  groupScheme: (typeof GROUP_SCHEMES)[number];
  remoteRandomization: boolean;
  shareEventPanel: boolean;
  autoCode: boolean;
  application: ApplicationName[];
  /** Absent from a submitted form that offers no flag (docs/project-flags.md). */
  config?: Partial<Record<ProjectConfigFlag, boolean>>;
}

/** The form's field names, for placing the server's field errors. */
export const PROJECT_FORM_FIELDS = [
  'code',
  'name',
  'eName',
  'piUserNames',
  'piUserNamesEn',
  'sponsorNames',
  'croNames',
  'description',
  'blindMethod',
  'groupScheme',
  'application',
];

/** A new project starts as core's schema defaults it: no blinding, no randomisation, data capture only. */
export const NEW_PROJECT_VALUES: Partial<ProjectFormValues> = {
  blindMethod: 'N',
  groupScheme: 'PROJECT_GROUP_SCHEME_NONE',
  remoteRandomization: false,
  shareEventPanel: false,
  autoCode: false,
  application: ['dCap'],
  config: Object.fromEntries(PROJECT_CONFIG_FLAGS.map((flag) => [flag, false])),
};

export function projectToValues(project: Project): ProjectFormValues {
  return {
    code: project.code,
    name: project.name,
    eName: project.eName,
    piUserNames: project.piUserNames,
    piUserNamesEn: project.piUserNamesEn,
    sponsorNames: project.sponsorNames,
    croNames: project.croNames,
    description: project.description,
    blindMethod: project.blindMethod,
    groupScheme: project.groupScheme,
    remoteRandomization: project.remoteRandomization,
    shareEventPanel: project.shareEventPanel,
    autoCode: project.autoCode,
    application: project.application,
    config: Object.fromEntries(PROJECT_CONFIG_FLAGS.map((flag) => [flag, project.config[flag] === true])),
  };
}

/** What the server receives: trimmed texts, blanks as null, every offered flag explicit, applications in core's order. */
export function valuesToRequest(values: ProjectFormValues): CreateProjectRequest {
  return {
    code: values.code.trim(),
    name: values.name.trim(),
    eName: blankToNull(values.eName),
    piUserNames: blankToNull(values.piUserNames),
    piUserNamesEn: blankToNull(values.piUserNamesEn),
    sponsorNames: blankToNull(values.sponsorNames),
    croNames: blankToNull(values.croNames),
    description: blankToNull(values.description),
    blindMethod: values.blindMethod,
    groupScheme: values.groupScheme,
    remoteRandomization: values.remoteRandomization,
    shareEventPanel: values.shareEventPanel,
    autoCode: values.autoCode,
    application: APPLICATIONS.filter((app) => values.application.includes(app)),
    // Only the offered flags: the server keeps every flag a save leaves out (docs/project-flags.md).
    config: Object.fromEntries(offeredConfigFlags().map((flag) => [flag, values.config?.[flag] === true])),
  };
}
