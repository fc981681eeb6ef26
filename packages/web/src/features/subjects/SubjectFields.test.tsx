import { fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { DayItem } from './SubjectFields';

function openPicker(name: string) {
  render(
    <Form>
      <DayItem name={name} label={name} />
    </Form>,
  );
  fireEvent.mouseDown(screen.getByTestId(`subject-form-${name}`));
  fireEvent.click(screen.getByTestId(`subject-form-${name}`));
}

const disabled = (day: string) => document.querySelector(`td[title="${day}"]`)?.classList.contains('ant-picker-cell-disabled');

describe('subject date fields', () => {
  it('disable birth dates after the study’s day, not the browser’s (docs/decisions.md "The study’s day")', () => {
    // 20:00 UTC on 1 June is already 2 June in Shanghai, the study's zone.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-06-01T20:00:00Z'));
    openPicker('birthDate');
    expect(disabled('2024-06-01')).toBe(false);
    expect(disabled('2024-06-02')).toBe(false);
    expect(disabled('2024-06-03')).toBe(true);
  });

  it('leave the consent date open', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-06-01T20:00:00Z'));
    openPicker('consentDate');
    expect(disabled('2024-06-03')).toBe(false);
  });
});
