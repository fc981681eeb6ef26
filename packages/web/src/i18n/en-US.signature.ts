import type { Shape } from './catalogue';
import type { zhCNSignature } from './zh-CN.signature';

/** English texts of users' signature images (spec 002 §7; docs/decisions.md "Signature images") (part of en-US.ts). */
export const enUSSignature: Shape<typeof zhCNSignature> = {
  signatureImage: {
    title: 'Handwritten signature',
    adminTitle: 'Handwritten signature of {{name}}',
    action: 'Signature',
    current: 'Current signature',
    none: 'No signature image uploaded yet',
    imageAlt: 'Signature of {{name}}',
    upload: 'Upload signature',
    replace: 'Replace signature',
    hint: 'A PNG or JPEG image smaller than {{limit}} MB, {{min}} to {{max}} pixels wide and high; every upload stays in the history.',
    adminNotice: 'The new image becomes the user’s current signature; the earlier ones stay in the history, where the user sees who uploaded them.',
    tooLarge: 'A signature image must be smaller than {{limit}} MB',
    wrongType: 'A signature image must be a PNG or JPEG image',
    history: 'Signature history',
    columns: { uploadedAt: 'Uploaded at', uploadedBy: 'Uploaded by', file: 'File', size: 'Size', image: 'Image' },
    inUse: 'In use',
  },
};
