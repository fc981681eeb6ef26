/** Spec 000 §9: charts use a palette of 8 colours, starting with the primary colour. */
export const CHART_COLORS = ['#1890FF', '#2FC25B', '#FACC14', '#223273', '#8543E0', '#13C2C2', '#3436C7', '#F04864'] as const;
