import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { CardCarousel } from '@/components/card-carousel';
import { ImageFader, useFaderIndex } from '@playz/ui';
import { Logo } from '@/components/logo';
import { UserIcon } from '@/components/icons';
import { offerPath } from '@/lib/billing-links';
import { channelCard, contentCard, listCard } from '@/lib/catalogue-links';
import { useLandingData } from '../api/use-landing';
import { AndroidBadge } from './android-badge';
import { OfferCard } from './offer-card';

export interface LandingViewer {
  logged: boolean;
  hasProductAccess: boolean;
  /** A logged viewer's name or login: the header's way to the account (null for visitors). */
  name?: string | null;
}

interface LandingPageProps {
  viewer: LandingViewer;
  storeUrl: string;
  /** The page a locked player sent the visitor from (spec 1 §6), carried through the payment. */
  requestedUrl?: string | null;
}

/** The landing page (spec 2 §2): title, offers, kids and music channels, films and series, the app. */
export function LandingPage({ viewer, storeUrl, requestedUrl = null }: LandingPageProps) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useLandingData();
  const heroImages = (data?.films ?? [])
    .map((film) => ({ src: film.images.backdrop ?? film.images.landscape ?? film.posterUrl ?? '', alt: film.title }))
    .filter((image) => image.src)
    .slice(0, 5);
  const [heroIndex] = useFaderIndex(heroImages.length);
  const offers = data?.offers ?? [];

  return (
    <div className="landing">
      <header className="landing__bar">
        <Link to="/" aria-label="Playz">
          <Logo />
        </Link>
        <nav className="landing__bar-links" aria-label={t('menu.account')}>
          {!viewer.logged ? (
            <Link to="/customer/login" className="button button--ghost button--small">
              {t('menu.login')}
            </Link>
          ) : (
            // A new account without a subscription lands here (spec 1 §4): its account stays one
            // click away, named as the top menu names it elsewhere.
            <Link to="/customer/account" className="button button--ghost button--small landing__account">
              <UserIcon size={18} />
              <span className="landing__account-name">{viewer.name || t('menu.account')}</span>
            </Link>
          )}
          {!viewer.hasProductAccess ? (
            <a href="#offers" className="button button--primary button--small">
              {t('menu.subscribe')}
            </a>
          ) : null}
        </nav>
      </header>

      <section className="hero hero--landing" aria-labelledby="landing-title">
        {heroImages.length > 0 ? <ImageFader images={heroImages} index={heroIndex} className="hero__backdrop" /> : null}
        <div className="hero__shade" />
        <div className="hero__content">
          <h1 className="hero__title" id="landing-title">
            {data?.title || t('landing.title')}
          </h1>
          <p className="hero__subtitle">{data?.subtitle || t('landing.subtitle')}</p>
          <div className="hero__actions">
            <a href="#offers" className="button button--primary button--large">
              {t('landing.seeOffers')}
            </a>
            <span className="hero__note">{t('landing.noCommitment')}</span>
          </div>
        </div>
      </section>

      <section className="landing__offers" id="offers" aria-labelledby="offers-title">
        <h2 className="section-title" id="offers-title">
          {t('landing.offers')}
        </h2>
        {isError ? <p className="notice">{t('errors.generic')}</p> : null}
        <div className="offers">
          {isPending
            ? [0, 1, 2].map((i) => <div key={i} className="offer offer--placeholder skeleton" aria-hidden="true" />)
            : offers.map((offer, index) => (
                <OfferCard
                  key={offer.productPriceID}
                  offer={offer}
                  featured={index === 0}
                  href={offerPath(offer, viewer.logged, requestedUrl)}
                />
              ))}
        </div>
        <p className="landing__terms">{t('landing.termsNotice')}</p>
      </section>

      <div className="landing__rows">
        <CardCarousel
          title={t('landing.kidsChannels')}
          style="Rounded"
          loading={isPending}
          items={data?.kidsChannels.map(channelCard)}
        />
        <CardCarousel
          title={t('landing.musicChannels')}
          style="Rounded"
          loading={isPending}
          items={data?.musicChannels.map(channelCard)}
        />
        <CardCarousel
          title={t('landing.films')}
          style="Portrait"
          loading={isPending}
          items={data?.films.map((film) => contentCard(film))}
        />
        <CardCarousel
          title={t('landing.series')}
          style="Portrait"
          loading={isPending}
          items={data?.series.map(listCard)}
        />
      </div>

      <section className="app-promo" aria-labelledby="app-promo-title">
        <div className="app-promo__text">
          <h2 className="section-title" id="app-promo-title">
            {t('landing.appSection')}
          </h2>
          <p>{t('landing.appSectionText')}</p>
          <AndroidBadge href={storeUrl} />
        </div>
        <div className="app-promo__device" aria-hidden="true">
          <div className="device">
            <div className="device__screen">
              {heroImages[0] ? <img src={heroImages[0].src} alt="" loading="lazy" /> : null}
              <span className="device__play" />
            </div>
          </div>
        </div>
      </section>
    </div>
  );
}
