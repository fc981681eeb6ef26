import { Modal } from 'antd';
import type { App, ButtonProps } from 'antd';

type ModalApi = ReturnType<typeof App.useApp>['modal'];

/** A dialog of the shell that ends in a reload (spec 000 §4.4): one button, no way to dismiss it otherwise. */
export interface ReloadPromptSpec {
  kind: 'warning' | 'error';
  title: string;
  content: string;
  okText: string;
  /** The OK button's test id. */
  testId: string;
  onOk: () => void | Promise<void>;
}

/**
 * The shell's reload dialogs (another window switched project, the environment marker differs, the
 * configuration was updated) are raised from outside React as well (the API client), and at most one is
 * shown at a time: each ends in a reload, so a second one would only ask the same question again.
 */
export interface ReloadPrompts {
  /** Shows the dialog unless one is already open; says whether it did. */
  show(spec: ReloadPromptSpec): boolean;
  isOpen(): boolean;
  /** The themed, localised modal instance from inside `<App>`; antd's static API is used until then. */
  attach(instance: ModalApi): () => void;
}

export function createReloadPrompts(): ReloadPrompts {
  let target: ModalApi | null = null;
  let open = false;
  return {
    show(spec) {
      if (open) return false;
      open = true;
      const api = target ?? Modal;
      const okButtonProps: ButtonProps & Record<'data-testid', string> = { 'data-testid': spec.testId };
      api[spec.kind]({
        title: spec.title,
        content: spec.content,
        okText: spec.okText,
        okButtonProps,
        closable: false,
        keyboard: false,
        mask: { closable: false },
        onOk: spec.onOk,
        afterClose: () => {
          open = false;
        },
      });
      return true;
    },
    isOpen: () => open,
    attach(instance) {
      target = instance;
      return () => {
        if (target === instance) target = null;
      };
    },
  };
}
