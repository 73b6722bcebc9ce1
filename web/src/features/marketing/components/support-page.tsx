import { useEffect, useState } from 'react';
import { env } from '@/config/env';
import { PageSpinner } from '@/components/ui/spinner';
import { SiteFooter } from '@/components/layouts/site-footer';
import { PublicHeader } from './legal-page';

const CHAT_TIMEOUT_MS = 10_000;

declare global {
  interface Window {
    /** Widgets that support it expose a maximise call (Tawk.to style). */
    Tawk_API?: { maximize?: () => void; onLoad?: () => void };
  }
}

/** Loads the configured live-chat widget; spinner until it loads or for at most 10 s. */
function ChatWidget({ src }: { src: string }) {
  const [waiting, setWaiting] = useState(true);
  useEffect(() => {
    const done = () => setWaiting(false);
    const timer = window.setTimeout(done, CHAT_TIMEOUT_MS);
    window.Tawk_API = window.Tawk_API ?? {};
    window.Tawk_API.onLoad = () => {
      done();
      window.Tawk_API?.maximize?.();
    };
    let script = document.querySelector<HTMLScriptElement>(`script[data-chat-widget]`);
    if (!script) {
      script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.dataset.chatWidget = 'true';
      script.addEventListener('load', done);
      script.addEventListener('error', done);
      document.body.appendChild(script);
    } else done();
    return () => window.clearTimeout(timer);
  }, [src]);
  return waiting ? <PageSpinner label="Loading the chat..." /> : <p className="text-center text-gray-500 dark:text-gray-400">Our team is ready to chat with you.</p>;
}

export function SupportPage({ title }: { title: string }) {
  const { chatWidgetUrl, supportEmail } = env();
  return (
    <div className="flex min-h-screen flex-col bg-white dark:bg-gray-900">
      <PublicHeader />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-12">
        <h1 className="mb-6 text-3xl font-bold text-gray-900 dark:text-white">{title}</h1>
        {chatWidgetUrl ? (
          <ChatWidget src={chatWidgetUrl} />
        ) : (
          <p className="text-lg text-gray-600 dark:text-gray-300">
            Live chat is not available right now. Write to us at{' '}
            <a href={`mailto:${supportEmail}`} className="font-medium text-blue-700 hover:underline dark:text-blue-400">{supportEmail}</a>{' '}
            and we will get back to you.
          </p>
        )}
      </main>
      <SiteFooter />
    </div>
  );
}
