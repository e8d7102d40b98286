import { Link } from 'react-router';
import { useRecentProducts } from '../api/get-recent-products.ts';
import { ProjectGallery } from './project-gallery.tsx';

/** Home's newest released games and 3D models; nothing at all until something is released. */
export default function RecentReleases() {
  const { data } = useRecentProducts(1, { background: true });
  if (!data?.data.length) return null;
  return (
    <section className="section" aria-labelledby="recent-releases">
      <div className="container">
        <h2 id="recent-releases" className="section__title">
          Recently released
        </h2>
        <ProjectGallery items={data.data} />
        <p className="section__more">
          <Link to="/developers">More on the Developers page</Link>
        </p>
      </div>
    </section>
  );
}
