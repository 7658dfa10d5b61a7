const KB = 1024;
const MB = 1024 * KB;

const oneDecimal = new Intl.NumberFormat('es-PE', { maximumFractionDigits: 1 });

/** The proof's size as the form shows it (spec §2): KB below a megabyte, MB from there. */
export function formatFileSize(bytes: number): string {
  if (bytes >= MB) return `${oneDecimal.format(bytes / MB)} MB`;
  return `${oneDecimal.format(Math.max(bytes, 1) / KB)} KB`;
}
