import { configure } from '@testing-library/dom';

// Component tests wait for real async work; on a busy 2-core CI machine 1 s (the default) is too tight.
configure({ asyncUtilTimeout: 5000 });
