import { Input } from 'antd';
import { useEffect, useState } from 'react';

/**
 * A list's text filter kept in the URL: typed freely, applied on Enter or the search button, applied at once when
 * cleared, and following the URL when it changes elsewhere (back, a "clear filters" link).
 */
export function ListSearch(props: {
  /** The applied value (the URL's). */
  value: string;
  onSearch: (value: string) => void;
  label: string;
  placeholder?: string;
  maxLength?: number;
  width?: number;
  testId?: string;
}) {
  const [text, setText] = useState(props.value);
  useEffect(() => setText(props.value), [props.value]);
  return (
    <Input.Search
      aria-label={props.label}
      placeholder={props.placeholder ?? props.label}
      allowClear
      value={text}
      maxLength={props.maxLength ?? 64}
      onChange={(e) => {
        setText(e.target.value);
        if (e.target.value === '' && props.value !== '') props.onSearch('');
      }}
      onSearch={(v) => props.onSearch(v.trim())}
      style={{ width: props.width ?? 200 }}
      data-testid={props.testId}
    />
  );
}
