import { t } from '../i18n/index.js';

export function NotFound() {
  return (
    <section>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <p>
        <a href="/">{t('notFound.back')}</a>
      </p>
    </section>
  );
}
