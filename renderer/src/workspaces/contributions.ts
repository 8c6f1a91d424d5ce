// Each workspace's additions to the shared mechanisms (scan resolvers, palette entries), loaded once at start.
import './receiving/contributions';
import './unidentified/contributions';
import './inventory/contributions';
import './lots/contributions';
import './returns/contributions';
import './returns/intake/contributions';
import './stock/contributions';
