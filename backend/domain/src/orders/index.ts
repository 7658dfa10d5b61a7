export * from './order.commands';
export * from './order.decide';
export * from './order.decider';
export * from './order.events';
export * from './order.evolve';
