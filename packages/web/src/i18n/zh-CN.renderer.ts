/** Chinese texts of the renderer feature (part of zh-CN.ts). */
export const zhCNRenderer = {
  renderer: {
    placeholder: {
      input: '请输入',
      select: '请选择',
    },
    placeholderWidget: '占位组件（录入时不显示）',
    selectAll: '全选',
    upload: {
      button: '上传图片',
      saveFirst: '请先录入并保存本表单数据后再上传附件',
    },
    table: {
      addRow: '新增行',
      deleteRow: '删除行',
      actions: '操作',
      cardTitle: 'No.{{number}}',
      huge: '数据量较大（{{count}} 行），表格以只读方式显示',
    },
    level: {
      l0: '正常',
      l1: '高于上限',
      l2: '高于上限 2 倍',
      l3: '高于上限 3 倍',
      l4: '低于下限',
      l5: '低于下限的 1/2',
      l6: '低于下限的 1/4',
    },
    bullseye: {
      title: '牛眼图',
      worst: '最差值：{{value}}',
    },
    validation: {
      maxlength: '最多输入 {{max}} 个字符',
      min: '不能小于 {{min}}',
      max: '不能大于 {{max}}',
    },
  },
};
