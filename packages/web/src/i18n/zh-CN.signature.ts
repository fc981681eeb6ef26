/** Chinese texts of users' signature images (spec 002 §7; docs/decisions.md "Signature images") (part of zh-CN.ts). */
export const zhCNSignature = {
  signatureImage: {
    title: '手写签名',
    adminTitle: '{{name}} 的手写签名',
    action: '签名',
    current: '当前签名',
    none: '尚未上传签名图片',
    imageAlt: '{{name}} 的签名',
    upload: '上传签名',
    replace: '更换签名',
    hint: 'PNG 或 JPEG 图片，小于 {{limit}} MB，宽和高 {{min}} 到 {{max}} 像素；每次上传都会保留在历史中。',
    adminNotice: '更换后，新图片即为该用户的当前签名；旧图片保留在历史中，用户可以看到由谁上传。',
    tooLarge: '签名图片必须小于 {{limit}} MB',
    wrongType: '签名图片只能是 PNG 或 JPEG 图片',
    history: '签名历史',
    columns: { uploadedAt: '上传时间', uploadedBy: '上传人', file: '文件', size: '尺寸', image: '图片' },
    inUse: '使用中',
  },
};
