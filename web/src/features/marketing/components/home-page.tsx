import { useState } from 'react';
import { Link } from 'wouter';
import { APP_NAME, env } from '@/config/env';
import { paths } from '@/config/paths';
import { STORE_LINKS } from '@/config/constants';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { SiteFooter } from '@/components/layouts/site-footer';

const NAV = [
  { id: 'home', label: 'Home' },
  { id: 'features', label: 'Features' },
  { id: 'how-it-works', label: 'How It Works' },
  { id: 'contact', label: 'Contact' },
];

const FEATURES = [
  { title: 'Discover history', text: 'Find historical events, eras and moments by search or browse.' },
  { title: 'Made for you', text: 'Personalised recommendations based on what you love to read.' },
  { title: 'Immersive stories', text: 'Storytelling with videos, images and timelines.' },
  { title: 'Save favourites', text: 'Bookmark the events you want to come back to.' },
  { title: 'Share and discuss', text: 'Share stories and discuss them with other history fans.' },
];

const STEPS = [
  { title: 'Download the app', text: 'Get it free on Android and iOS.' },
  { title: 'Pick your interests', text: 'Choose the eras, places and people you care about.' },
  { title: 'Start exploring', text: 'Read, watch and save the moments that shaped the world.' },
];

function StoreBadges() {
  return (
    <div className="flex flex-wrap gap-3">
      <a href={STORE_LINKS.appStore} target="_blank" rel="noreferrer" className="inline-flex items-center gap-2 rounded-lg bg-gray-900 px-5 py-3 text-white hover:bg-gray-700 dark:bg-gray-700">
        <span aria-hidden="true"></span>
        <span className="text-left leading-tight"><span className="block text-xs">Download on the</span><span className="text-lg font-semibold">App Store</span></span>
      </a>
      <a href={STORE_LINKS.googlePlay} target="_blank" rel="noreferrer" className="inline-flex items-center gap-2 rounded-lg bg-gray-900 px-5 py-3 text-white hover:bg-gray-700 dark:bg-gray-700">
        <span aria-hidden="true">▶</span>
        <span className="text-left leading-tight"><span className="block text-xs">Get it on</span><span className="text-lg font-semibold">Google Play</span></span>
      </a>
    </div>
  );
}

export function HomePage() {
  const [open, setOpen] = useState(false);
  const { supportEmail } = env();
  return (
    <div className="min-h-screen bg-white dark:bg-gray-900">
      <header className="fixed inset-x-0 top-0 z-40 border-b border-gray-200 bg-white/95 dark:border-gray-700 dark:bg-gray-900/95">
        <nav aria-label="Main" className="mx-auto flex max-w-7xl flex-wrap items-center justify-between p-4">
          <a href="#home" className="flex items-center gap-2 text-xl font-semibold text-gray-900 dark:text-white">
            <img src="/logo.svg" alt="" className="h-8 w-8" /> {APP_NAME}
          </a>
          <div className="flex items-center gap-2 md:order-2">
            <ThemeToggle />
            <a href="#download" className="rounded-lg bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800">Download</a>
            <button type="button" className="rounded-lg p-2 md:hidden" aria-expanded={open} aria-controls="home-menu" onClick={() => setOpen((o) => !o)}>
              <span className="sr-only">Open main menu</span>☰
            </button>
          </div>
          <ul id="home-menu" className={`${open ? 'flex' : 'hidden'} w-full flex-col gap-2 md:order-1 md:flex md:w-auto md:flex-row md:gap-8`}>
            {NAV.map((n) => (
              <li key={n.id}>
                <a href={`#${n.id}`} onClick={() => setOpen(false)} className="block py-2 text-gray-700 hover:text-blue-700 dark:text-gray-300 dark:hover:text-white">{n.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main>
        <section id="home" className="mx-auto max-w-7xl px-4 pb-16 pt-32 text-center">
          <h1 className="mb-4 text-4xl font-extrabold tracking-tight text-gray-900 dark:text-white md:text-5xl">History, told as stories</h1>
          <p className="mx-auto mb-8 max-w-2xl text-lg text-gray-500 dark:text-gray-400">
            Discover the events, eras and people that shaped our world — with videos, images and timelines, in your language.
          </p>
          <div className="flex justify-center"><StoreBadges /></div>
        </section>
        <section id="features" className="bg-gray-50 px-4 py-16 dark:bg-gray-800">
          <div className="mx-auto max-w-7xl">
            <h2 className="mb-8 text-3xl font-bold text-gray-900 dark:text-white">Features</h2>
            <ul className="grid gap-6 md:grid-cols-3">
              {FEATURES.map((f) => (
                <li key={f.title} className="rounded-lg bg-white p-6 shadow dark:bg-gray-900">
                  <h3 className="mb-2 text-xl font-semibold text-gray-900 dark:text-white">{f.title}</h3>
                  <p className="text-gray-500 dark:text-gray-400">{f.text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
        <section id="how-it-works" className="px-4 py-16">
          <div className="mx-auto max-w-7xl">
            <h2 className="mb-8 text-3xl font-bold text-gray-900 dark:text-white">How It Works</h2>
            <ol className="grid gap-6 md:grid-cols-3">
              {STEPS.map((s, i) => (
                <li key={s.title} className="rounded-lg border border-gray-200 p-6 dark:border-gray-700">
                  <span className="mb-2 inline-flex h-8 w-8 items-center justify-center rounded-full bg-blue-100 font-bold text-blue-800">{i + 1}</span>
                  <h3 className="mb-2 text-xl font-semibold text-gray-900 dark:text-white">{s.title}</h3>
                  <p className="text-gray-500 dark:text-gray-400">{s.text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>
        <section id="download" className="bg-blue-700 px-4 py-16 text-white">
          <div className="mx-auto flex max-w-7xl flex-col items-center gap-6 text-center">
            <h2 className="text-3xl font-bold">Download the app</h2>
            <p>Available on Android and iOS.</p>
            <StoreBadges />
          </div>
        </section>
        <section id="contact" className="px-4 py-16">
          <div className="mx-auto max-w-3xl text-center">
            <h2 className="mb-4 text-3xl font-bold text-gray-900 dark:text-white">Contact</h2>
            <p className="text-gray-500 dark:text-gray-400">
              Questions or feedback? Write to us at{' '}
              <a className="font-medium text-blue-700 hover:underline dark:text-blue-400" href={`mailto:${supportEmail}`}>{supportEmail}</a>{' '}
              or visit the <Link href={paths.help.getHref()} className="font-medium text-blue-700 hover:underline dark:text-blue-400">help center</Link>.
            </p>
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
