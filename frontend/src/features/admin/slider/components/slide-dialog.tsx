import { messages } from '@tcg/domain';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast/toast-provider';
import { useDismiss } from '@/components/ui/use-dismiss';
import { useModalFocus } from '@/components/ui/use-modal-focus';
import { parseSlideForm, type SlideForm, useCreateSlide } from '../api/create-slide';
import '../../content-admin.css';

const emptyForm: SlideForm = { title: '', desktopUrl: '', mobileUrl: '', link: '', alt: '', order: '0', visible: true };

/** Spec §2 Admin slider: the add dialog, with the suggested image sizes. */
export function SlideDialog({ onClose }: { onClose(): void }) {
  const [form, setForm] = useState(emptyForm);
  const create = useCreateSlide();
  const toast = useToast();
  const titleId = useId();
  const dialog = useRef<HTMLFormElement>(null);
  useModalFocus(dialog);

  const onBackdrop = useDismiss(onClose, JSON.stringify(form) !== JSON.stringify(emptyForm));

  const field = (name: keyof Omit<SlideForm, 'visible'>) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseSlideForm(form);
    // Spec §5: an alert, not a toast.
    if (!parsed.ok) return window.alert(parsed.message);
    create.mutate(parsed.slide, {
      onSuccess: () => {
        toast.success(messages.admin.slides.saved);
        onClose();
      },
      onError: () => toast.error(messages.admin.slides.saveFailed),
    });
  };

  return (
    <div className="ca-backdrop" onClick={onBackdrop}>
      <form ref={dialog} className="ca-dialog ca-form" role="dialog" aria-modal="true" aria-labelledby={titleId} onSubmit={submit} noValidate>
        <h2 id={titleId}>Agregar slide</h2>
        <p className="ca-muted">Tamaños sugeridos: escritorio 2000×720 (o 1920×700); móvil 1080×720. Las imágenes, con https:// o de la tienda.</p>
        <label>
          Título (opcional)
          <input maxLength={200} {...field('title')} />
        </label>
        <label>
          URL de la imagen de escritorio
          <input type="url" required {...field('desktopUrl')} placeholder="https://..." />
        </label>
        <label>
          URL de la imagen móvil (opcional)
          <input type="url" {...field('mobileUrl')} placeholder="https://..." />
        </label>
        <label>
          Enlace (opcional)
          <input {...field('link')} placeholder="/search?q=..." />
        </label>
        <label>
          Texto alternativo
          <input maxLength={200} {...field('alt')} />
        </label>
        <label>
          Orden
          <input inputMode="numeric" {...field('order')} />
        </label>
        <label className="ca-check">
          <input type="checkbox" checked={form.visible} onChange={(event) => setForm({ ...form, visible: event.target.checked })} />
          Visible
        </label>
        <div className="ca-actions">
          <Button variant="secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Guardando...' : 'Guardar'}
          </Button>
        </div>
      </form>
    </div>
  );
}
