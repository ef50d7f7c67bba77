import { configure } from '@testing-library/react';

// `findBy…` and `waitFor` wait 1 s by default. In CI the unit and DOM projects share two cores,
// and a screen that renders in 300 ms alone has taken longer there: wait up to 5 s instead.
configure({ asyncUtilTimeout: 5_000 });
