/** Spec 000 §2.2: the hidden environment sync routes under environment management. */
export const SYNC_PROJECT_DATA_PATH = '/project/projectEnv/syncProjectData';
export const SYNC_TASK_LIST_PATH = '/project/projectEnv/syncProjectDataTask';
