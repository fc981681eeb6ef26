import { createRoot } from 'react-dom/client';
import { Model } from 'survey-core';
import { Survey } from 'survey-react-ui';
import 'survey-core/survey-core.min.css';
import { installHooks } from './harness';

/** SurveyJS 3 with its default theme: a question's root element carries `data-name`. */
function field(name: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-name="${CSS.escape(name)}"]`);
}

installHooks({
  mount(form, container) {
    const model = new Model(form);
    createRoot(container).render(<Survey model={model} />);
  },
  fieldElement: field,
  // An expression question shows its value in a live region of its own.
  readField: (name) => field(name)?.querySelector('[aria-live="polite"]')?.textContent ?? null,
  option: (name, value) => field(name)?.querySelector<HTMLInputElement>(`input[type="radio"][value="${CSS.escape(value)}"]`) ?? null,
});
