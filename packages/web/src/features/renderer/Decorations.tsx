import { Alert, Checkbox, Divider } from 'antd';
import DOMPurify from 'dompurify';
import { memo, useCallback, useMemo, useSyncExternalStore } from 'react';
import type { Widget } from '@dcap/core';
import { useRenderer, widgetLabel } from './context';
import { valueKey } from './subscriptions';

function localisedContent(widget: Widget, locale: string): string {
  return (locale === 'en-US' ? widget.options.contentEn : undefined) ?? widget.options.content ?? '';
}

type SelectionState = 'none' | 'some' | 'all';

/** Spec 002 §2: a divider heading may tick or untick every option of the checkboxes below it. */
function SelectAll({ targets }: { targets: readonly Widget[] }) {
  const { store, t, readOnly } = useRenderer();
  const subscribe = useCallback(
    (listener: () => void) => {
      const stops = targets.map((widget) => store.subscribe(valueKey(widget.model), listener));
      return () => stops.forEach((stop) => stop());
    },
    [store, targets],
  );
  const state = useSyncExternalStore(subscribe, (): SelectionState => {
    let ticked = 0;
    let total = 0;
    for (const widget of targets) {
      const value = store.getValue(widget.model);
      const chosen = Array.isArray(value) ? value.length : 0;
      ticked += chosen;
      total += widget.options.options?.filter((option) => option.disabled !== true).length ?? 0;
    }
    return ticked === 0 ? 'none' : ticked >= total ? 'all' : 'some';
  });
  function toggle(checked: boolean): void {
    for (const widget of targets) {
      const all = (widget.options.options ?? []).filter((option) => option.disabled !== true).map((option) => option.value);
      store.setValue(widget.model, checked && all.length > 0 ? all : null);
    }
  }
  return (
    <Checkbox checked={state === 'all'} indeterminate={state === 'some'} disabled={readOnly || targets.length === 0} onChange={(event) => toggle(event.target.checked)}>
      {t('renderer.selectAll')}
    </Checkbox>
  );
}

export const SectionDivider = memo(function SectionDivider({ widget, checkboxesBelow }: { widget: Widget; checkboxesBelow: readonly Widget[] }) {
  const { locale } = useRenderer();
  return (
    <div className="dcap-renderer-divider" data-testid={`divider-${widget.model}`}>
      <Divider titlePlacement="start">{widgetLabel(widget, locale)}</Divider>
      {widget.options.selectAll ? <SelectAll targets={checkboxesBelow} /> : null}
    </div>
  );
});

export const AlertBlock = memo(function AlertBlock({ widget }: { widget: Widget }) {
  const { locale } = useRenderer();
  const content = localisedContent(widget, locale);
  const label = widgetLabel(widget, locale);
  return (
    <Alert
      className="dcap-renderer-block"
      type={widget.options.alertType ?? 'info'}
      showIcon
      title={content ? label : undefined}
      description={content || label}
      data-testid={`alert-${widget.model}`}
    />
  );
});

/**
 * Rich text is sanitised before it reaches the page: panel JSON may come from an uploaded file. DOMPurify
 * hands its input back unchanged where the DOM lacks what it needs to parse (`isSupported` false), so there
 * the text is shown without its markup, as plain text, rather than trusted.
 */
export const RichText = memo(function RichText({ widget }: { widget: Widget }) {
  const { locale } = useRenderer();
  const content = localisedContent(widget, locale);
  const html = useMemo(() => (DOMPurify.isSupported ? DOMPurify.sanitize(content) : null), [content]);
  if (html === null) {
    return (
      <div className="dcap-renderer-block dcap-renderer-richtext" data-testid={`richtext-${widget.model}`}>
        {content.replace(/<[^>]*>/g, '')}
      </div>
    );
  }
  return <div className="dcap-renderer-block dcap-renderer-richtext" data-testid={`richtext-${widget.model}`} dangerouslySetInnerHTML={{ __html: html }} />;
});

/** A placeholder keeps its place in the designer's preview and renders nothing in data entry. */
export const PlaceholderBox = memo(function PlaceholderBox({ widget }: { widget: Widget }) {
  const { preview, t } = useRenderer();
  if (!preview) return null;
  return (
    <div className="dcap-renderer-placeholder" data-testid={`placeholder-${widget.model}`}>
      {t('renderer.placeholderWidget')}
    </div>
  );
});
