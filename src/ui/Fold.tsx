import { useId, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import './fold.css';

/**
 * A long editor that folds under its heading (the disclosure pattern: the
 * heading holds a button that says whether the section is open). Open at
 * first; the fold is a view of the page, not part of the scenario, so it is
 * not saved.
 */
export interface FoldState {
  /** The id of the folding body, for the button's aria-controls. */
  readonly bodyId: string;
  readonly open: boolean;
  readonly setOpen: Dispatch<SetStateAction<boolean>>;
}

export function useFold(): FoldState {
  const bodyId = useId();
  const [open, setOpen] = useState(true);
  return { bodyId, open, setOpen };
}

/** The heading whose button folds and unfolds `fold`'s body. */
export function FoldHeading(props: { fold: FoldState; title: string; level?: 2 | 3; id?: string }) {
  const { fold, title, level = 3, id } = props;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <Heading className="fold-heading" id={id}>
      <button
        type="button"
        className="fold-toggle"
        aria-expanded={fold.open}
        aria-controls={fold.bodyId}
        onClick={() => fold.setOpen((o) => !o)}
      >
        <span className="fold-mark" aria-hidden="true" />
        {title}
      </button>
    </Heading>
  );
}

/** The body that folds: rendered only while open; `summary` says what is folded. */
export function FoldBody(props: {
  fold: FoldState;
  children: ReactNode;
  summary?: string | undefined;
  className?: string;
}) {
  const { fold, summary } = props;
  return (
    <>
      {!fold.open && summary !== undefined && <p className="note">{summary}</p>}
      <div id={fold.bodyId} className={props.className ?? 'fold-body'} hidden={!fold.open}>
        {fold.open && props.children}
      </div>
    </>
  );
}

/** A heading and its folding body, for an editor that is one section. */
export function Fold(props: { title: string; children: ReactNode; summary?: string }) {
  const fold = useFold();
  return (
    <>
      <FoldHeading fold={fold} title={props.title} />
      <FoldBody fold={fold} summary={props.summary}>
        {props.children}
      </FoldBody>
    </>
  );
}
