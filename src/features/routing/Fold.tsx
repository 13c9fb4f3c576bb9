import { useId, useState, type ReactNode } from 'react';

/**
 * A long editor that folds under its heading (the disclosure pattern: the
 * heading holds a button that says whether the section is open). Open at
 * first; the fold is a view of the page, not part of the scenario, so it is
 * not saved.
 */
export function Fold(props: { title: string; children: ReactNode; summary?: string }) {
  const id = useId();
  const [open, setOpen] = useState(true);
  return (
    <>
      <h3 className="fold-heading">
        <button
          type="button"
          className="fold-toggle"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="fold-mark" aria-hidden="true" />
          {props.title}
        </button>
      </h3>
      {!open && props.summary !== undefined && <p className="note">{props.summary}</p>}
      <div id={id} className="fold-body" hidden={!open}>
        {open && props.children}
      </div>
    </>
  );
}
