import { messages } from '@tcg/domain';
import { Fragment, useEffect, useRef, useState } from 'react';
import { focusPageContent } from '@/components/layout/page-content';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast/toast-provider';
import { useDeleteSlide, useSlideVisibility } from '../api/change-slide';
import { TableSkeleton } from '../../table-skeleton';
import { type AdminSlide, useSlides } from '../api/get-slides';
import { SlideDialog } from './slide-dialog';
import '@/components/ui/page.css';
import '../../content-admin.css';

/**
 * A deleted slide's row goes with its focused 'Eliminar': the focus moves to the next row's (or the
 * previous one's), or to the page's content when it was the last slide, instead of falling to <body>.
 */
function focusAfterRemoval(row: HTMLTableRowElement | null): void {
  const neighbour = (row?.nextElementSibling ?? row?.previousElementSibling)?.querySelector<HTMLButtonElement>('button[data-remove]');
  if (neighbour) neighbour.focus();
  else focusPageContent();
}

/**
 * A link's address with its line breaks offered after a '-' and before a '/' (not one of '//'): its column
 * broke it anywhere, inside a set's code ('/categoria/yugi|oh/LOB', QA). A part too long for the column
 * alone (a search's query) still breaks inside, so the column never widens the table past its frame (QA).
 * One element, so a phone's row (a grid) keeps it as one value.
 */
function AddressText({ address }: { address: string }) {
  return (
    <span>
      {address.split(/(?<=-)|(?<=[^/])(?=\/)/).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

function SlideRow({ slide, onEdit }: { slide: AdminSlide; onEdit(): void }) {
  const visibility = useSlideVisibility();
  const removal = useDeleteSlide();
  const toast = useToast();
  // A slide saved without a title or alt text (stored as '') is named by its image's address.
  const name = slide.title || slide.alt || slide.desktopUrl;
  // The box follows the click in the same render as the click (a controlled checkbox would otherwise snap
  // back until the mutation reports pending); the answer, or a failure, hands it back to the slide.
  const [clicked, setClicked] = useState<boolean | null>(null);
  const visible = clicked ?? slide.visible;

  // aria-disabled while saving, not disabled: the box keeps the focus it has.
  const toggle = () => {
    if (visibility.isPending) return;
    setClicked(!slide.visible);
    visibility.mutate(
      { id: slide.id, visible: !slide.visible },
      {
        onSuccess: () => toast.success(slide.visible ? messages.admin.slides.hidden : messages.admin.slides.shown),
        onError: () => toast.error(messages.admin.slides.visibilityFailed),
        onSettled: () => setClicked(null),
      },
    );
  };

  // A double click queues its second click behind the first one's confirmation, before `isPending`
  // disables the button: this flag stops it at once (a second DELETE would answer 404 and take the toast).
  const deleting = useRef(false);
  const row = useRef<HTMLTableRowElement>(null);
  const remove = () => {
    if (deleting.current || !window.confirm(`¿Eliminar el slide "${name}"?`)) return;
    deleting.current = true;
    removal.mutate(slide.id, {
      onSuccess: () => {
        toast.success(messages.admin.slides.deleted);
        focusAfterRemoval(row.current);
      },
      onError: () => toast.error(messages.admin.slides.deleteFailed),
      onSettled: () => (deleting.current = false),
    });
  };

  return (
    <tr ref={row}>
      <td data-label="Imagen">
        <img src={slide.desktopUrl} alt={slide.alt} loading="lazy" />
      </td>
      <td className="ca-text" data-label="Título">
        {slide.title ?? <span className="ca-muted">Sin título</span>}
      </td>
      <td className="ca-text" data-label="Enlace">
        {slide.link === null ? '—' : <AddressText address={slide.link} />}
      </td>
      <td data-label="Orden">{slide.order}</td>
      <td data-label="Visible">
        <label className="ca-check">
          <input type="checkbox" checked={visible} aria-disabled={visibility.isPending} onChange={toggle} aria-label={`Visible: ${name}`} />
          {visible ? 'Visible' : 'Oculto'}
        </label>
      </td>
      <td data-label="Acciones">
        <div className="ca-buttons">
          <Button variant="secondary" onClick={onEdit} aria-label={`Editar ${name}`}>
            Editar
          </Button>
          <Button variant="secondary" onClick={remove} disabled={removal.isPending} aria-label={`Eliminar ${name}`} data-remove>
            Eliminar
          </Button>
        </div>
      </td>
    </tr>
  );
}

/**
 * Spec §2 Admin slider: every slide, newest first, with the add dialog, the visibility toggle and delete;
 * and an edit dialog (ADR 0005 §15).
 */
export function ManageSliderPage() {
  const slides = useSlides();
  const [dialog, setDialog] = useState<{ editing: AdminSlide | null } | null>(null);
  const toast = useToast();

  useEffect(() => {
    if (slides.isError) toast.error(messages.admin.slides.readFailed);
  }, [slides.isError, toast]);

  return (
    <>
      <div className="ca-toolbar">
        <Button onClick={() => setDialog({ editing: null })}>Agregar slide</Button>
      </div>
      {slides.isPending && <TableSkeleton label="Cargando slides" columns={6} />}
      {slides.isError && <p className="error-state">{messages.admin.slides.readFailed}</p>}
      {slides.data && (
        <div className="ca-table-wrap">
          <table className="ca-table ca-table--stack">
            <thead>
              <tr>
                <th>Imagen</th>
                <th>Título</th>
                <th>Enlace</th>
                <th>Orden</th>
                <th>Visible</th>
                <th>Acciones</th>
              </tr>
            </thead>
            <tbody>
              {slides.data.map((slide) => (
                <SlideRow key={slide.id} slide={slide} onEdit={() => setDialog({ editing: slide })} />
              ))}
              {slides.data.length === 0 && (
                <tr>
                  <td colSpan={6} className="ca-muted">
                    No hay slides.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      {dialog && <SlideDialog editing={dialog.editing} onClose={() => setDialog(null)} />}
    </>
  );
}
