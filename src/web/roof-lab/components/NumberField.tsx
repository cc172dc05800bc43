// A numeric input that commits on Enter, on blur and on stepping (spinner, arrow keys), not on every
// keystroke: one history entry per edit. Empty commits `undefined` when `allowEmpty`.
import { useState, type ChangeEvent, type KeyboardEvent } from 'react';

export interface NumberFieldProps {
  value: number | undefined;
  onCommit(value: number | undefined): void;
  min?: number;
  max?: number;
  step?: number;
  allowEmpty?: boolean;
  placeholder?: string;
  disabled?: boolean;
  label: string;
  testId: string;
  width?: number;
}

export function NumberField(props: NumberFieldProps) {
  const { value, onCommit, min, max, step = 1, allowEmpty = false, placeholder, disabled, label, testId, width } = props;
  const shown = value === undefined ? '' : String(Number(value.toFixed(4)));
  const [text, setText] = useState(shown);
  // A new value from outside replaces the text at once (during render, not in an effect, so no
  // keystroke can land in between).
  const [prevShown, setPrevShown] = useState(shown);
  if (shown !== prevShown) {
    setPrevShown(shown);
    setText(shown);
  }

  const commit = (raw: string) => {
    const s = raw.trim();
    if (s === '') {
      if (allowEmpty) onCommit(undefined);
      else setText(shown);
      return;
    }
    const v = Number(s);
    if (!Number.isFinite(v) || (min !== undefined && v < min) || (max !== undefined && v > max)) {
      setText(shown);
      return;
    }
    if (v !== value) onCommit(v);
  };

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    setText(e.target.value);
    // Spinner clicks and arrow keys fire a plain Event (no inputType): commit those at once.
    const inputType = (e.nativeEvent as InputEvent).inputType;
    if (inputType === undefined) commit(e.target.value);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      commit(text);
      e.currentTarget.blur();
    } else if (e.key === 'Escape') {
      setText(shown);
      e.currentTarget.blur();
    }
    e.stopPropagation();
  };

  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <input
        type="number"
        inputMode="decimal"
        data-testid={testId}
        value={text}
        min={min}
        max={max}
        step={step}
        placeholder={placeholder}
        disabled={disabled}
        style={width ? { width } : undefined}
        onChange={onChange}
        onBlur={() => commit(text)}
        onKeyDown={onKeyDown}
      />
    </label>
  );
}
