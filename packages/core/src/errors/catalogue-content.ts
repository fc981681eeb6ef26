/** Errors of bulletins and project UI settings (core content/, spec 000 §4.5, spec 002 §3), joined into the one catalogue (errors/catalogue.ts). */
export const CONTENT_ERRORS = {
  'article.not_found': { status: 404, 'zh-CN': '公告不存在', 'en-US': 'The bulletin does not exist' },
  'article.empty': { status: 422, 'zh-CN': '公告内容不能为空', 'en-US': 'The bulletin has no content' },
  'ui.image_unreadable': {
    status: 422,
    'zh-CN': '无法读取图片的尺寸，请上传 PNG 或 JPEG 图片',
    'en-US': 'The image’s size cannot be read; upload a PNG or JPEG image',
  },
  'ui.image_ratio': {
    status: 422,
    'zh-CN': '图片宽高比须为 {expected}，上传的图片为 {width}×{height}',
    'en-US': 'The image must have a width to height ratio of {expected}; the one uploaded is {width}×{height}',
  },
  'ui.image_too_big': {
    status: 422,
    'zh-CN': '图片尺寸过大（{width}×{height}），宽和高最多 {max} 像素',
    'en-US': 'The image is too large ({width}×{height}); width and height may be at most {max} pixels',
  },
  'ui.login_url_taken': { status: 409, 'zh-CN': '登录地址 {url} 已被其他项目使用', 'en-US': 'The login address {url} is used by another project' },
  'portal.not_found': { status: 404, 'zh-CN': '没有使用此登录地址的项目', 'en-US': 'No project uses this login address' },
} as const;
