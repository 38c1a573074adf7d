/**
 * DejaVu Sans cut to the scripts a European report needs (src/shared/pdf/fonts), served as hashed
 * assets and fetched only when a report has text the PDF standard fonts cannot write (ł, ő, ș,
 * Greek, Cyrillic, …).
 */
export { default as dejaVuSansUrl } from '../../../shared/pdf/fonts/DejaVuSans-subset.ttf?url';
export { default as dejaVuSansBoldUrl } from '../../../shared/pdf/fonts/DejaVuSans-Bold-subset.ttf?url';
