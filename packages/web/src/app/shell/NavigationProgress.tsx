import { useIsFetching } from '@tanstack/react-query';
import { useNavigation } from 'react-router';
import { systemKeys } from '../../api/system';

/**
 * The thin bar of spec 000 §2.5, shown while a route (its chunk) or the session's initialisation loads.
 * The animation lives in shell.css.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const initialising = useIsFetching({ queryKey: systemKeys.init }) > 0;
  if (navigation.state === 'idle' && !initialising) return null;
  return (
    <div className="dcap-progress" role="progressbar" aria-busy="true" data-testid="navigation-progress">
      <div className="dcap-progress__bar" />
    </div>
  );
}
