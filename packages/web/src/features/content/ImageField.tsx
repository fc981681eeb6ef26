import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiImageSlot } from '@dcap/core';
import { UI_IMAGE_MAX_BYTES, UI_IMAGE_RATIOS, UI_IMAGE_TYPES, imageRatioFits } from '@dcap/core';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

function imageSize(url: string): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => resolve(null);
    image.src = url;
  });
}

/**
 * One image of the UI settings: a preview, a file picker and removal. The size and ratio are checked here
 * to answer at once; the server checks them again on the image itself (spec 002 §3).
 */
export function ImageField({ slot, value, onChange }: { slot: UiImageSlot; value: string | null; onChange: (url: string | null) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const ratio = UI_IMAGE_RATIOS[slot];

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    if (!(UI_IMAGE_TYPES as readonly string[]).includes(file.type)) return setProblem(t('content.ui.imageType'));
    if (file.size > UI_IMAGE_MAX_BYTES) return setProblem(t('content.ui.imageTooLarge', { max: Math.round(UI_IMAGE_MAX_BYTES / 1024) }));
    const url = await readAsDataUrl(file);
    const size = await imageSize(url);
    if (!size) return setProblem(t('content.ui.imageType'));
    if (!imageRatioFits(slot, size.width, size.height)) return setProblem(t('content.ui.imageRatio', { ratio: `${String(ratio)}:1`, width: size.width, height: size.height }));
    onChange(url);
  };

  return (
    <Flex vertical gap={6}>
      <Flex align="center" gap={12}>
        <div className={`dcap-ui-image dcap-ui-image--${slot}`} data-testid={`ui-preview-${slot}`}>
          {value ? <img src={value} alt={t(`content.ui.fields.${slot}`)} /> : <Typography.Text type="secondary">{t('content.ui.noImage')}</Typography.Text>}
        </div>
        <Button icon={<UploadOutlined />} onClick={() => input.current?.click()} data-testid={`ui-upload-${slot}`}>
          {t('content.ui.choose')}
        </Button>
        {value ? (
          <Button icon={<DeleteOutlined />} onClick={() => onChange(null)} data-testid={`ui-remove-${slot}`}>
            {t('content.ui.remove')}
          </Button>
        ) : null}
        <input
          ref={input}
          type="file"
          accept={UI_IMAGE_TYPES.join(',')}
          style={{ display: 'none' }}
          data-testid={`ui-file-${slot}`}
          onChange={(event) => {
            void pick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Flex>
      <Typography.Text type="secondary">{ratio === null ? t('content.ui.anyShape', { max: Math.round(UI_IMAGE_MAX_BYTES / 1024) }) : t('content.ui.shape', { ratio: `${String(ratio)}:1`, max: Math.round(UI_IMAGE_MAX_BYTES / 1024) })}</Typography.Text>
      {problem ? (
        <Typography.Text type="danger" data-testid={`ui-problem-${slot}`}>
          {problem}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
