/** Chinese texts of the CRF PDF downloads (blank annotated CRF, subject casebook). */
export const zhCNCrfPdf = {
  crfPdf: {
    blank: '空白 CRF（PDF）',
    blankPanel: 'CRF（PDF）',
    casebook: '病例报告表（PDF）',
    language: { 'zh-CN': '中文版', 'en-US': '英文版' },
  },
};
