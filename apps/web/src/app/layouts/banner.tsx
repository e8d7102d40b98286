import { Link } from 'react-router';
import { type PortalRoute, routesByPath } from '../routes.tsx';

function trail(route: PortalRoute): PortalRoute[] {
  const chain: PortalRoute[] = [];
  let current: PortalRoute | undefined = route;
  while (current && current.path !== '/') {
    chain.unshift(current);
    current = routesByPath.get(current.parent ?? '/');
  }
  const home = routesByPath.get('/');
  return home ? [home, ...chain] : chain;
}

/** The page banner: its title and a breadcrumb back to Home. */
export function Banner({ route, title }: { route: PortalRoute; title: string }) {
  const items = trail(route);
  return (
    <div className="banner">
      <div className="container">
        <nav aria-label="Breadcrumb" className="breadcrumb">
          <ol>
            {items.map((item, index) => {
              const isLast = index === items.length - 1;
              return (
                <li key={item.path}>
                  {isLast ? <span aria-current="page">{title}</span> : <Link to={item.path}>{item.name}</Link>}
                </li>
              );
            })}
          </ol>
        </nav>
        <h1 className="banner__title">{title}</h1>
      </div>
    </div>
  );
}
