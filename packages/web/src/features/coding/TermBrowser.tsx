import { Button, Flex, Form, Input, Select, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import type { CodingDictionaryKind, CodingTerm } from '@dcap/core';
import { CODING_LEVELS } from '@dcap/core';
import type { TermSearch } from './api';
import { useCodingTerms } from './api';

interface Props {
  scope: 'sys' | 'project';
  dictionaryId: number;
  kind: CodingDictionaryKind;
  /** The text to look for first (the verbatim being coded). */
  initialText?: string;
  /** Shows a choose button on each term. */
  onPick?: (term: CodingTerm) => void;
  picking?: boolean;
}

/**
 * A dictionary's terms searched by text (either language), code prefix and level, a page at a time, with the
 * hierarchy path of each term (docs/decisions.md "Coding library").
 */
export function TermBrowser({ scope, dictionaryId, kind, initialText = '', onPick, picking = false }: Props) {
  const { t, i18n } = useTranslation();
  const english = currentLocale(i18n) === 'en-US';
  const [form] = Form.useForm<{ text?: string; code?: string; level?: string }>();
  const [query, setQuery] = useState<TermSearch>({ dictionaryId, text: initialText.trim(), code: '', level: '', page: 1, pageSize: 10 });
  const terms = useCodingTerms(scope, query);
  const levels = kind === 'other' ? [] : CODING_LEVELS[kind];
  const columns: TableColumnsType<CodingTerm> = [
    { title: t('coding.terms.code'), dataIndex: 'code', width: 110 },
    { title: t('coding.terms.term'), key: 'term', render: (_, term) => (term.termEn ? <span>{term.term} <Typography.Text type="secondary">{term.termEn}</Typography.Text></span> : term.term) },
    { title: t('coding.terms.level'), dataIndex: 'level', width: 80 },
    { title: t('coding.terms.path'), key: 'path', render: (_, term) => <Typography.Text type="secondary">{english ? term.pathEn : term.path}</Typography.Text> },
  ];
  if (onPick) {
    columns.push({
      title: t('common.actions'),
      key: 'pick',
      width: 90,
      render: (_, term) => (
        <Button size="small" type="link" loading={picking} data-testid={`coding-pick-${term.code}`} onClick={() => onPick(term)}>
          {t('coding.terms.pick')}
        </Button>
      ),
    });
  }
  return (
    <Flex vertical gap={12} data-testid="coding-term-browser">
      <Form
        form={form}
        layout="inline"
        initialValues={{ text: initialText.trim() }}
        onFinish={(values) => setQuery({ ...query, text: values.text?.trim() ?? '', code: values.code?.trim() ?? '', level: values.level ?? '', page: 1 })}
      >
        <Form.Item name="text">
          <Input allowClear placeholder={t('coding.terms.text')} style={{ width: 220 }} data-testid="coding-term-text" />
        </Form.Item>
        <Form.Item name="code">
          <Input allowClear placeholder={t('coding.terms.codePrefix')} style={{ width: 140 }} data-testid="coding-term-code" />
        </Form.Item>
        {levels.length > 0 ? (
          <Form.Item name="level">
            <Select allowClear placeholder={t('coding.terms.level')} style={{ width: 120 }} options={levels.map((level) => ({ value: level, label: level }))} data-testid="coding-term-level" />
          </Form.Item>
        ) : null}
        <Button type="primary" htmlType="submit" data-testid="coding-term-search">
          {t('coding.terms.search')}
        </Button>
      </Form>
      <Table
        rowKey="code"
        size="small"
        loading={terms.isFetching}
        columns={columns}
        dataSource={terms.data?.terms ?? []}
        data-testid="coding-term-table"
        pagination={{
          current: query.page,
          pageSize: query.pageSize,
          total: terms.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('coding.total', { count: total }),
          onChange: (page) => setQuery({ ...query, page }),
        }}
      />
    </Flex>
  );
}
