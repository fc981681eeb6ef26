/**
 * The designer's limits and defaults, named once (spec 001 §5.2 and §9). Designer, renderer and server read
 * them from here.
 */

/** Spec 001 §9: label column 8 and wrapper column 16 of 24. */
export const GRID_SPAN_TOTAL = 24;
export const DEFAULT_LABEL_COL = 8;
export const DEFAULT_WRAPPER_COL = 16;
export const DEFAULT_LABEL_POSITION = 'right';

// Spec 001 §5.2 designer limits.
export const TABLE_NAME_MAX = 128;
export const TABLE_WIDTH_MIN = 600;
export const TABLE_WIDTH_MAX = 3840;
export const TABLE_WIDTH_DEFAULT = 1280;
export const COLUMN_LABEL_MAX = 256;
export const COLUMN_FIELD_NAME_MAX = 50;
export const FIELD_NAME_MAX = 32;
export const LABEL_MAX = 512;
export const PATTERN_MAX = 64;
export const CALCULATION_FORMULA_MAX = 200;
export const TEXT_MAXLENGTH_DEFAULT = 64;
export const TEXTAREA_MAXLENGTH_DEFAULT = 1024;
export const TEXTAREA_ROWS_DEFAULT = 5;

// Spec 001 §9 matrix.
export const MATRIX_ROWS_MIN = 1;
export const MATRIX_ROWS_MAX = 30;
export const MATRIX_ROWS_DEFAULT = 2;
export const MATRIX_COLUMNS = 2;
export const MATRIX_SLIDER_STEP = 1;
export const MATRIX_SLIDER_MIN = 1;
export const MATRIX_SLIDER_MAX = 200;
export const MATRIX_RATING_MIN = 1;
export const MATRIX_RATING_MAX = 20;
export const MATRIX_RATING_DEFAULT = 10;

// Spec 001 §9 rate and slider.
export const RATE_COUNT_MIN = 1;
export const RATE_COUNT_MAX = 20;
export const RATE_COUNT_DEFAULT = 5;
export const SLIDER_MIN_DEFAULT = 0;
export const SLIDER_MAX_DEFAULT = 100;
export const SLIDER_STEP_DEFAULT = 1;

// Spec 001 §9 grid.
export const GRID_ROWS_MIN = 1;
export const GRID_ROWS_MAX = 30;
export const GRID_COLUMNS_MIN = 1;
export const GRID_COLUMNS_MAX = 10;
export const GRID_DIALOG_ROWS_DEFAULT = 2;
export const GRID_DIALOG_COLUMNS_DEFAULT = 3;
export const GRID_COLUMN_SPAN_DEFAULT = 24;
export const GRID_NEW_LAYOUT_SPAN = 12;
export const GRID_GUTTER_DEFAULT = 5;
export const GRID_JUSTIFY_DEFAULT = 'start';
export const GRID_ALIGN_DEFAULT = 'top';

// Spec 001 §9 table.
export const TABLE_ROWS_MIN = 1;
export const TABLE_ROWS_MAX = 30;
export const TABLE_COLUMNS_MIN = 1;
export const TABLE_COLUMNS_MAX = 30;
export const TABLE_ROWS_DEFAULT = 1;
export const TABLE_COLUMNS_DEFAULT = 2;
export const TABLE_CARDS_PER_ROW_MIN = 1;
export const TABLE_CARDS_PER_ROW_MAX = 4;
export const TABLE_CARDS_PER_ROW_DEFAULT = 4;

/** Spec 002 §5 and §9: more than 50 rows switches the form to huge-data rendering. */
export const HUGE_DATA_ROW_THRESHOLD = 50;

/** Spec 001 §4.1: a key is the type plus a random number up to 99999, uppercased. */
export const KEY_RANDOM_MAX = 99_999;

// Spec 001 §9 date and time formats.
export const DATE_FORMATS = ['YYYY-MM', 'YYYY-MM-DD', 'DD-MM-YYYY', 'YYYY-MM-DD HH:mm:ss'] as const;
export const TIME_FORMATS = ['HH:mm', 'HH:mm:ss'] as const;

/** Spec 001 §9: widgets on the canvas are at most 75 percent wide. */
export const CANVAS_WIDGET_MAX_WIDTH = '75%';
/** Spec 001 §2.1: the canvas is at least 800px high; the designer is the window height minus 150px. */
export const CANVAS_MIN_HEIGHT = 800;
export const DESIGNER_HEIGHT_OFFSET = 150;

// Spec 001 §4.1 and §9 timings, in milliseconds.
export const DRAG_ANIMATION_MS = 200;
export const PREVIEW_UNMOUNT_MS = 300;
export const MATRIX_DIALOG_CLOSE_MS = 2000;
export const SAVE_BLOCKED_WARNING_MS = 5000;
export const DICTIONARY_CHOSEN_NOTICE_MS = 5000;

/** Spec 002 §9: formulas and lab levels recompute 500 ms after typing stops; references and rows after 300. */
export const FORMULA_DEBOUNCE_MS = 500;
export const LEVEL_DEBOUNCE_MS = 500;
export const REFERENCE_DEBOUNCE_MS = 300;

/** Spec 001 §9: a missing value displays as two dashes. */
export const MISSING_VALUE_DISPLAY = '--';
/** Spec 001 §9: the unset row name. */
export const UNSET_ROW_NAME = '<未设置>';
export const UNSET_ROW_NAME_EN = '<Not set>';
