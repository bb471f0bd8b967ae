/** The longest text searched: the palette's field stops there, and the route refuses more. (No imports: the browser loads it.) */
export const MAX_SEARCH_LENGTH = 100;
