/** Errors of users' signature images (core users/signature.ts), joined into the one catalogue (errors/catalogue.ts). */
export const SIGNATURE_ERRORS = {
  'signature.file_missing': { status: 422, 'zh-CN': '请选择签名图片', 'en-US': 'Choose a signature image to upload' },
  'signature.file_kind': { status: 422, 'zh-CN': '签名图片只能是 PNG 或 JPEG 图片（{accepted}）', 'en-US': 'A signature image must be a PNG or JPEG image ({accepted})' },
  'signature.file_too_large': { status: 413, 'zh-CN': '签名图片必须小于 {limit} MB', 'en-US': 'A signature image must be smaller than {limit} MB' },
  'signature.dimensions': {
    status: 422,
    'zh-CN': '签名图片的宽和高须在 {min} 到 {max} 像素之间',
    'en-US': 'A signature image must be between {min} and {max} pixels wide and high',
  },
  'signature.not_found': { status: 404, 'zh-CN': '签名图片不存在', 'en-US': 'Signature image not found' },
} as const;

export const SIGNATURE_NOTICES = {
  'ok.signature_uploaded': { 'zh-CN': '签名图片已保存', 'en-US': 'Signature image saved' },
} as const;
