/**
 * DejaVu Sans (the font the map renderer bundles too), served as hashed assets and fetched
 * only when a report has text the PDF standard fonts cannot write (Greek, Cyrillic, ł, ő, …).
 */
export { default as dejaVuSansUrl } from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url';
export { default as dejaVuSansBoldUrl } from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf?url';
