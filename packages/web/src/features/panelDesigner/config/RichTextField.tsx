import { Form, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConfigProps } from './configProps';
import { patcher } from './configProps';
import { RichTextEditor } from './RichTextEditor';

/** Spec 001 §2.1 rich-text note: the Chinese and English content, each in its own tab. */
export function RichTextField(props: ConfigProps) {
  const { t } = useTranslation();
  const patch = patcher(props);
  const { options } = props.widget;
  return (
    <Form.Item label={t('designer.config.content')}>
      <Tabs
        size="small"
        items={[
          {
            key: 'content',
            label: t('designer.config.richText.chinese'),
            children: <RichTextEditor value={options.content ?? ''} onChange={(content) => patch({ options: { content } })} testId="rich-content" />,
          },
          {
            key: 'contentEn',
            label: t('designer.config.richText.english'),
            children: <RichTextEditor value={options.contentEn ?? ''} onChange={(contentEn) => patch({ options: { contentEn } })} testId="rich-contentEn" />,
          },
        ]}
        data-testid="rich-tabs"
      />
    </Form.Item>
  );
}
