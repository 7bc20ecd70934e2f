import type { ReactNode } from 'react';

/** The narrow centred card every sign-in, registration and password screen sits in. */
export function AuthCard({ title, subtitle, children, wide = false }: { title: ReactNode; subtitle?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className="pc-container pc-auth">
      <section className={wide ? 'pc-card pc-auth__card pc-auth__card--wide' : 'pc-card pc-auth__card'} aria-labelledby="auth-title">
        <h1 id="auth-title" className="pc-auth__title">
          {title}
        </h1>
        {subtitle && <p className="pc-auth__subtitle">{subtitle}</p>}
        {children}
      </section>
    </div>
  );
}
