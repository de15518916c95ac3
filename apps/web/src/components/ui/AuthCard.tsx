import type { ReactNode } from 'react';

/** The frame of the public screens (sign-in, password reset, accepting an invitation), with the product's tagline. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 to-slate-100 p-4">
      <div className="w-full max-w-md rounded-xl bg-white p-8 shadow-lg">
        <div className="mb-6 flex flex-col items-center gap-2 text-center">
          <img src="/logo.svg" alt="Ute Back-office" width={64} height={40} />
          <p className="text-sm text-slate-600">Your gateway to any destination in the world</p>
          <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
          {subtitle && <p className="text-sm text-slate-700">{subtitle}</p>}
        </div>
        {children}
      </div>
    </main>
  );
}
