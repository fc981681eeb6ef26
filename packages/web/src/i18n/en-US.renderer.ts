import type { Shape } from './catalogue';
import type { zhCNRenderer } from './zh-CN.renderer';

/** English texts of the renderer feature (part of en-US.ts). */
export const enUSRenderer: Shape<typeof zhCNRenderer> = {
  renderer: {
    placeholder: {
      input: 'Please enter',
      select: 'Please select',
    },
    placeholderWidget: 'Placeholder (not shown during data entry)',
    selectAll: 'Select all',
    upload: {
      button: 'Upload image',
      saveFirst: 'Enter and save the data of this panel before uploading attachments',
    },
    table: {
      addRow: 'Add row',
      deleteRow: 'Delete row',
      actions: 'Actions',
      cardTitle: 'No.{{number}}',
      huge: 'Large data set ({{count}} rows): the table is shown read-only',
    },
    level: {
      l0: 'Normal',
      l1: 'Above upper limit',
      l2: 'Above 2× upper limit',
      l3: 'Above 3× upper limit',
      l4: 'Below lower limit',
      l5: 'Below 1/2 of lower limit',
      l6: 'Below 1/4 of lower limit',
    },
    bullseye: {
      title: 'Bullseye plot',
      worst: 'Worst value: {{value}}',
    },
    validation: {
      maxlength: 'At most {{max}} characters',
      min: 'Must not be less than {{min}}',
      max: 'Must not be greater than {{max}}',
    },
  },
};
