export type { StoreAttachmentInput, UploadedFile } from './store.js';
export { auditedAttachment, storeAttachment } from './store.js';
