import type { UnicodeFonts } from '../../../shared/pdf';

async function fetchBytes(url: string): Promise<Uint8Array> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`font ${url}: ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/** The bundled DejaVu Sans for the PDFs (Greek, Cyrillic, ł, ő…), fetched from the app's own assets on first need. */
export async function loadDejaVu(): Promise<UnicodeFonts> {
  const { dejaVuSansUrl, dejaVuSansBoldUrl } = await import('./pdf-fonts');
  const [regular, bold] = await Promise.all([fetchBytes(dejaVuSansUrl), fetchBytes(dejaVuSansBoldUrl)]);
  return { regular, bold };
}
