export * from './card-identity';
export * from './card.commands';
export * from './card.decide';
export * from './card.decider';
export * from './card.events';
export * from './limits';
export * from './card.evolve';
export * from './stock.fold';
