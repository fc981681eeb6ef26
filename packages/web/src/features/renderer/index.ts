export { FormRenderer } from './FormRenderer';
export type { FormRendererHandle, FormRendererProps } from './FormRenderer';
export type { DataMode } from './context';
export { createFormStore, FormStore } from './store';
export type { FormStoreOptions, FormValues, ValidationResult } from './store';
export { annotationParts } from './Annotation';
