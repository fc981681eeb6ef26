import type { Shape } from './catalogue';
import type { zhCNCrfPdf } from './zh-CN.crfPdf';

/** English texts of the CRF PDF downloads (blank annotated CRF, subject casebook). */
export const enUSCrfPdf: Shape<typeof zhCNCrfPdf> = {
  crfPdf: {
    blank: 'Blank CRF (PDF)',
    blankPanel: 'CRF (PDF)',
    casebook: 'Casebook (PDF)',
    language: { 'zh-CN': 'Chinese edition', 'en-US': 'English edition' },
  },
};
