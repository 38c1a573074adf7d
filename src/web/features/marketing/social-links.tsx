import type { SVGProps } from 'react';
import { cn } from '../../components/ui/cn';
import { t } from '../../lib/i18n';

/** Brand marks drawn inline: lucide no longer ships brand logos. */
function LinkedInIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" {...props}>
      <path d="M20.447 20.452h-3.554v-5.569c0-1.328-.027-3.037-1.852-3.037-1.853 0-2.136 1.445-2.136 2.939v5.667H9.351V9h3.414v1.561h.046c.477-.9 1.637-1.85 3.37-1.85 3.601 0 4.267 2.37 4.267 5.455v6.286zM5.337 7.433a2.063 2.063 0 1 1 0-4.126 2.063 2.063 0 0 1 0 4.126zm1.782 13.019H3.555V9h3.564v11.452zM22.225 0H1.771C.792 0 0 .774 0 1.729v20.542C0 23.227.792 24 1.771 24h20.451C23.2 24 24 23.227 24 22.271V1.729C24 .774 23.2 0 22.222 0h.003z" />
    </svg>
  );
}

function XIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" {...props}>
      <path d="M18.901 1.153h3.68l-8.04 9.19L24 22.846h-7.406l-5.8-7.584-6.638 7.584H.474l8.6-9.83L0 1.154h7.594l5.243 6.932ZM17.61 20.644h2.039L6.486 3.24H4.298Z" />
    </svg>
  );
}

export const SOCIAL_PROFILES = [
  { name: 'LinkedIn', href: 'https://www.linkedin.com/company/corisk', label: 'home.social.linkedIn', Icon: LinkedInIcon },
  { name: 'X', href: 'https://x.com/corisk', label: 'home.social.x', Icon: XIcon },
] as const;

export interface SocialLinksProps {
  className?: string;
  /** 'light' for light backgrounds, 'dark' for the navy sections. */
  tone?: 'light' | 'dark';
}

/** Links to the company's professional network and microblog profiles. */
export function SocialLinks({ className, tone = 'light' }: SocialLinksProps) {
  return (
    <ul className={cn('flex items-center gap-3', className)}>
      {SOCIAL_PROFILES.map(({ name, href, label, Icon }) => (
        <li key={name}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t(label)}
            className={cn(
              'inline-flex size-10 items-center justify-center rounded-lg border transition-colors',
              tone === 'light'
                ? 'border-slate-200 bg-white text-slate-600 hover:border-brand-300 hover:text-brand-700'
                : 'border-white/15 bg-white/5 text-brand-100 hover:bg-white/10 hover:text-white',
            )}
          >
            <Icon className="size-4" />
          </a>
        </li>
      ))}
    </ul>
  );
}
