/** Errors of the CRF PDFs (spec 002 §3 export module "CRF report"), joined into the one catalogue (errors/catalogue.ts). */
export const CRF_ERRORS = {
  'crf.no_design': {
    status: 409,
    'zh-CN': '当前环境尚未发布设计，无法生成空白 CRF',
    'en-US': 'No design is published to this environment yet; the blank CRF cannot be made',
  },
  'crf.instrument_not_found': { status: 404, 'zh-CN': '设计中没有该表单', 'en-US': 'The design has no such panel' },
  'crf.font_missing': {
    status: 503,
    'zh-CN': '服务器缺少中文字体，无法生成 PDF（请安装 fonts-noto-cjk 或配置 PDF_FONT）',
    'en-US': 'The server has no Chinese font to make the PDF (install fonts-noto-cjk or set PDF_FONT)',
  },
} as const;
