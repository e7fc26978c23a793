import {
  cloneElement,
  type FocusEvent,
  type ReactElement,
  type MouseEvent as ReactMouseEvent,
  type TouchEvent as ReactTouchEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';

/** The delays of MUI's Tooltip, which this replaces; leaving waits long enough to cross onto the hint. */
const enterDelayMs = 100;
const leaveDelayMs = 100;
const touchEnterDelayMs = 700;
const touchLeaveDelayMs = 1500;
/** Room kept between the hint and its anchor, and between the hint and the window's edges. */
const gapPx = 8;
const edgePx = 8;

type HandlerProps = {
  onMouseEnter?: (event: ReactMouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: ReactMouseEvent<HTMLElement>) => void;
  onMouseDown?: (event: ReactMouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onTouchStart?: (event: ReactTouchEvent<HTMLElement>) => void;
  onTouchEnd?: (event: ReactTouchEvent<HTMLElement>) => void;
  'aria-label'?: string;
  'aria-describedby'?: string;
};

/**
 * A short text shown beside its child on hover, on keyboard focus and on a long press, in place of
 * MUI's Tooltip: that one brings a positioning library (Popper) to every screen whose app bar shows a
 * hint, the first screen after login among them. One line under the child (above it when
 * there is no room below), kept inside the window; Escape hides it, and the pointer may move onto it.
 *
 * `describeChild`: the hint describes the child (`aria-describedby`, kept in the page while hidden so a
 * screen reader reads it on focus); otherwise it names the child (`aria-label`) unless the child is
 * named already. The child is one element that accepts these handlers and a ref-less clone.
 */
export function Hint({
  title,
  describeChild = false,
  children,
}: {
  title: string;
  describeChild?: boolean;
  children: ReactElement<HandlerProps>;
}) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const bubble = useRef<HTMLSpanElement>(null);
  /** A press focuses before it clicks: such a focus is the pointer's, not the keyboard's. */
  const pressed = useRef(false);
  const later = useCallback((ms: number, then: () => void) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(then, ms);
  }, []);
  const show = (target: HTMLElement, ms: number) => later(ms, () => setAnchor(target));
  const hide = useCallback((ms: number) => later(ms, () => setAnchor(null)), [later]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const open = anchor !== null;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide(0);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, hide]);

  // Placed below the anchor, centred on it and kept inside the window; above it when below has no room.
  useLayoutEffect(() => {
    const element = bubble.current;
    if (!anchor || !element) return;
    const place = () => {
      const at = anchor.getBoundingClientRect();
      const { width, height } = element.getBoundingClientRect();
      const maxLeft = document.documentElement.clientWidth - width - edgePx;
      const left = Math.max(edgePx, Math.min(at.left + at.width / 2 - width / 2, maxLeft));
      const below = at.bottom + gapPx;
      const top = below + height + edgePx > window.innerHeight ? at.top - gapPx - height : below;
      element.style.left = `${left}px`;
      element.style.top = `${top}px`;
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [anchor]);

  const own = children.props;
  const child = cloneElement(children, {
    onMouseEnter: (event) => {
      own.onMouseEnter?.(event);
      show(event.currentTarget, enterDelayMs);
    },
    onMouseLeave: (event) => {
      own.onMouseLeave?.(event);
      hide(leaveDelayMs);
    },
    onMouseDown: (event) => {
      own.onMouseDown?.(event);
      pressed.current = true;
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      // Keyboard focus only, as MUI did: a click's focus would leave the hint standing after it.
      if (!pressed.current) show(event.currentTarget, 0);
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      pressed.current = false;
      hide(0);
    },
    onTouchStart: (event) => {
      own.onTouchStart?.(event);
      pressed.current = true;
      show(event.currentTarget, touchEnterDelayMs);
    },
    onTouchEnd: (event) => {
      own.onTouchEnd?.(event);
      hide(touchLeaveDelayMs);
    },
    ...(describeChild
      ? { 'aria-describedby': [own['aria-describedby'], id].filter(Boolean).join(' ') }
      : { 'aria-label': own['aria-label'] ?? title }),
  });

  // A describing hint stays in the page while hidden; a naming one only exists while shown.
  return (
    <>
      {child}
      {open || describeChild
        ? createPortal(
            <span
              ref={bubble}
              id={id}
              role="tooltip"
              className="pl-hint"
              hidden={!open}
              onMouseEnter={() => clearTimeout(timer.current)}
              onMouseLeave={() => hide(leaveDelayMs)}
            >
              {title}
            </span>,
            document.body,
          )
        : null}
    </>
  );
}
