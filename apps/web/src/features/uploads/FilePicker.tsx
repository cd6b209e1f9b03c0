import { Input } from '@mantine/core';
import { useId } from 'react';

/**
 * A labelled native file input: keyboard-usable, the same file may be chosen twice in a row, and
 * no wider than its column (it reflows at 320 px).
 */
export function FilePicker(props: {
  label: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  description?: string;
  onFiles: (files: File[]) => void;
}) {
  const id = useId();
  return (
    <Input.Wrapper
      label={props.label}
      id={id}
      description={props.description}
      // In a row of controls too (a flex item keeps its content's width unless allowed to shrink).
      miw={0}
      maw="100%"
    >
      <div>
        <input
          id={id}
          type="file"
          accept={props.accept}
          multiple={props.multiple}
          disabled={props.disabled}
          // The browser's own button and file name keep a fixed width: it shrinks with the screen.
          style={{ maxWidth: '100%' }}
          onChange={(e) => {
            const files = Array.from(e.currentTarget.files ?? []);
            e.currentTarget.value = '';
            props.onFiles(files);
          }}
        />
      </div>
    </Input.Wrapper>
  );
}
