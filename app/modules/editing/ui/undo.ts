import { useCallback, useEffect, useState } from "react";

/**
 * Undo and redo of a panel's field changes while it is open (Ctrl+Z, Ctrl+Shift+Z or
 * Ctrl+Y, and the panel's buttons). Typing in one field is one step: changes of the same
 * field less than a second apart merge. The rich-text field keeps its own undo for the
 * keys while the focus is in it; the buttons undo its changes as well (`restored` counts
 * undos and redos, so that the field can show the restored text).
 */
type History<T> = {
  past: T[];
  present: T;
  future: T[];
  field: string | null;
  at: number;
};

const MERGE_MS = 1000;
const DEPTH = 100;

export function useUndoable<T>(initial: () => T) {
  const [history, setHistory] = useState<History<T>>(() => ({
    past: [],
    present: initial(),
    future: [],
    field: null,
    at: 0,
  }));
  const [restored, setRestored] = useState(0);
  const change = useCallback((field: string, next: (current: T) => T) => {
    const now = Date.now();
    setHistory((h) => {
      const merge = h.field === field && now - h.at < MERGE_MS;
      return {
        past: merge ? h.past : [...h.past, h.present].slice(-DEPTH),
        present: next(h.present),
        future: [],
        field,
        at: now,
      };
    });
  }, []);
  // Nothing to undo or redo changes nothing (not even `restored`).
  const undo = useCallback(() => {
    if (history.past.length === 0) return;
    setHistory({
      past: history.past.slice(0, -1),
      present: history.past[history.past.length - 1],
      future: [history.present, ...history.future],
      field: null,
      at: 0,
    });
    setRestored((n) => n + 1);
  }, [history]);
  const redo = useCallback(() => {
    if (history.future.length === 0) return;
    setHistory({
      past: [...history.past, history.present],
      present: history.future[0],
      future: history.future.slice(1),
      field: null,
      at: 0,
    });
    setRestored((n) => n + 1);
  }, [history]);
  return {
    value: history.present,
    change,
    undo,
    redo,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    restored,
  };
}

/** The undo keys while the focus is inside `container` (a selector), outside a rich-text field. */
export function useUndoKeys(container: string, undo: () => void, redo: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.defaultPrevented) return;
      if (!(event.target instanceof Element) || !event.target.closest(container) || event.target.closest("[contenteditable]")) return;
      const key = event.key.toLowerCase();
      if (key === "z" && !event.shiftKey) undo();
      else if ((key === "z" && event.shiftKey) || key === "y") redo();
      else return;
      event.preventDefault();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [container, undo, redo]);
}
